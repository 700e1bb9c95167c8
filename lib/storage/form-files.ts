import "server-only";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import busboy from "busboy";
import { AppError } from "@/lib/errors";
import { assertDeclaredLength, mediaType } from "@/lib/net/body";
import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES, tooLargeMessage } from "@/lib/storage/image-check";

/** Above this a request cannot be a valid upload (all files at the limit plus form overhead). */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_FILES_PER_UPLOAD * MAX_UPLOAD_BYTES + 1024 * 1024;
const NO_FILE_MESSAGE = "Please choose an image to upload.";
const TOO_MANY_MESSAGE = `Please upload at most ${MAX_FILES_PER_UPLOAD} images at a time.`;

/**
 * The files sent in a multipart field, streamed through busboy with hard
 * caps: at most 10 files of 10 MB each and a 101 MB request. The first file
 * past a limit stops the parse and answers 413, so an oversized upload is
 * never held in memory. Other fields and string values are ignored.
 */
export async function filesFromForm(req: Request, field: string): Promise<File[]> {
  if (mediaType(req) !== "multipart/form-data") throw new AppError("unsupported_media_type", "Uploads must be sent as multipart/form-data.");
  assertDeclaredLength(req, MAX_UPLOAD_REQUEST_BYTES);
  if (!req.body) throw new AppError("bad_request", NO_FILE_MESSAGE);
  const { files } = await parseMultipart(req, field);
  if (!files.length) throw new AppError("bad_request", NO_FILE_MESSAGE);
  return files;
}

/**
 * A multipart form with text fields and up to `maxFiles` files in `field`
 * (none is fine), under the same caps; more files than that answer 413 with
 * `tooManyMessage`. A field sent twice keeps its last value; an over-long field is a 400.
 */
export async function formWithFiles(req: Request, field: string, maxFiles: number, tooManyMessage: string): Promise<{ fields: Record<string, string>; files: File[] }> {
  if (mediaType(req) !== "multipart/form-data") throw new AppError("unsupported_media_type", "Send the form as multipart/form-data.");
  assertDeclaredLength(req, maxFiles * MAX_UPLOAD_BYTES + 1024 * 1024);
  if (!req.body) throw new AppError("bad_request", "The form could not be read.");
  return parseMultipart(req, field, { maxFiles, tooManyMessage });
}

function parseMultipart(
  req: Request,
  field: string,
  opts: { maxFiles: number; tooManyMessage: string } = { maxFiles: MAX_FILES_PER_UPLOAD, tooManyMessage: TOO_MANY_MESSAGE },
): Promise<{ fields: Record<string, string>; files: File[] }> {
  const maxRequestBytes = opts.maxFiles * MAX_UPLOAD_BYTES + 1024 * 1024;
  return new Promise<{ fields: Record<string, string>; files: File[] }>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": req.headers.get("content-type") ?? "" },
        limits: { files: opts.maxFiles, fileSize: MAX_UPLOAD_BYTES, fields: 20, fieldSize: 64 * 1024, parts: opts.maxFiles + 20 },
      });
    } catch {
      reject(new AppError("bad_request", "The upload could not be read."));
      return;
    }
    const source = Readable.fromWeb(req.body as NodeWebStream);
    const files: Promise<File>[] = [];
    const fields: Record<string, string> = Object.create(null);
    let received = 0;
    let failed = false;
    const fail = (error: AppError) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      source.destroy();
      reject(error);
    };

    source.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxRequestBytes) fail(new AppError("payload_too_large", "The upload is too large. Maximum size is 10MB per image."));
    });
    parser.on("file", (name, stream, info) => {
      if (name !== field) {
        stream.resume();
        return;
      }
      const fileName = info.filename || "image";
      const chunks: Buffer[] = [];
      files.push(
        new Promise<File>((done) => {
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("limit", () => fail(new AppError("payload_too_large", tooLargeMessage(fileName))));
          stream.on("end", () => done(new File([new Uint8Array(Buffer.concat(chunks))], fileName, { type: info.mimeType })));
        }),
      );
    });
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) fail(new AppError("bad_request", `${name} is too long.`));
      else fields[name] = value;
    });
    parser.on("filesLimit", () => fail(new AppError("payload_too_large", opts.tooManyMessage)));
    parser.on("partsLimit", () => fail(new AppError("payload_too_large", opts.tooManyMessage)));
    parser.on("error", () => fail(new AppError("bad_request", "The upload could not be read.")));
    parser.on("close", () => {
      if (!failed) Promise.all(files).then((done) => resolve({ fields: { ...fields }, files: done }), reject);
    });
    source.on("error", () => fail(new AppError("bad_request", "The upload could not be read.")));
    source.pipe(parser);
  });
}
