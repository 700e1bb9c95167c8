import "server-only";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import busboy from "busboy";
import { AppError } from "@/lib/errors";
import { assertDeclaredLength, mediaType } from "@/lib/net/body";
import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES, tooLargeMessage } from "@/lib/storage/image-check";

/** A file part's own bytes beside the file: its boundary and headers (name, file name, type). */
const PART_OVERHEAD_BYTES = 1024;
/** The text fields of the admin's upload form (none are read). */
const UPLOAD_FIELD_BYTES = 16 * 1024;

/** The most a form of `maxFiles` files and `fieldBytes` of text fields can take: every file at the limit, each with its part's headers. */
export const formBodyLimit = (maxFiles: number, fieldBytes: number) => maxFiles * (MAX_UPLOAD_BYTES + PART_OVERHEAD_BYTES) + fieldBytes;

/** Above this a request cannot be a valid upload (all files at the limit plus form overhead). */
export const MAX_UPLOAD_REQUEST_BYTES = formBodyLimit(MAX_FILES_PER_UPLOAD, UPLOAD_FIELD_BYTES);
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
  const { files } = await parseMultipart(req, field, { maxFiles: MAX_FILES_PER_UPLOAD, tooManyMessage: TOO_MANY_MESSAGE, fieldBytes: UPLOAD_FIELD_BYTES });
  if (!files.length) throw new AppError("bad_request", NO_FILE_MESSAGE);
  return files;
}

/**
 * A multipart form with text fields (at most `fieldBytes` of them together) and up to
 * `maxFiles` files in `field` (none is fine); the body may be no larger than that
 * (formBodyLimit: 413 on the declared length before a byte is read, or as soon as a
 * streamed body passes it). More files than that answer 413 with `tooManyMessage`.
 * A field sent twice keeps its last value; an over-long field is a 400.
 */
export async function formWithFiles(req: Request, field: string, opts: { maxFiles: number; tooManyMessage: string; fieldBytes: number }): Promise<{ fields: Record<string, string>; files: File[] }> {
  if (mediaType(req) !== "multipart/form-data") throw new AppError("unsupported_media_type", "Send the form as multipart/form-data.");
  assertDeclaredLength(req, formBodyLimit(opts.maxFiles, opts.fieldBytes));
  if (!req.body) throw new AppError("bad_request", "The form could not be read.");
  return parseMultipart(req, field, opts);
}

/** Bytes a form may send before its first part besides that part (browsers send none; RFC 2046 allows a short preamble). */
const PREAMBLE_BYTES = 16 * 1024;

const tooLargeBodyMessage = (maxFiles: number) => `The upload is too large. Maximum size is 10MB per image, ${maxFiles} image${maxFiles === 1 ? "" : "s"} at a time.`;

function parseMultipart(req: Request, field: string, opts: { maxFiles: number; tooManyMessage: string; fieldBytes: number }): Promise<{ fields: Record<string, string>; files: File[] }> {
  const maxRequestBytes = formBodyLimit(opts.maxFiles, opts.fieldBytes);
  return new Promise<{ fields: Record<string, string>; files: File[] }>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": req.headers.get("content-type") ?? "" },
        limits: { files: opts.maxFiles, fileSize: MAX_UPLOAD_BYTES, fields: 20, fieldSize: opts.fieldBytes, parts: opts.maxFiles + 20 },
      });
    } catch {
      reject(new AppError("bad_request", "The upload could not be read."));
      return;
    }
    const source = Readable.fromWeb(req.body as NodeWebStream);
    const files: Promise<File>[] = [];
    const fields: Record<string, string> = Object.create(null);
    let received = 0;
    let parts = 0;
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
      if (received > maxRequestBytes) fail(new AppError("payload_too_large", tooLargeBodyMessage(opts.maxFiles)));
    });
    parser.on("file", (name, stream, info) => {
      parts++;
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
      parts++;
      if (info.valueTruncated) fail(new AppError("bad_request", `${name} is too long.`));
      else fields[name] = value;
    });
    parser.on("filesLimit", () => fail(new AppError("payload_too_large", opts.tooManyMessage)));
    parser.on("partsLimit", () => fail(new AppError("payload_too_large", opts.tooManyMessage)));
    parser.on("error", () => fail(new AppError("bad_request", "The upload could not be read.")));
    parser.on("close", () => {
      if (failed) return;
      // What a client sends after the form's last boundary is not read.
      source.unpipe(parser);
      source.destroy();
      Promise.all(files).then((done) => resolve({ fields: { ...fields }, files: done }), reject);
    });
    source.on("error", () => fail(new AppError("bad_request", "The upload could not be read.")));
    source.pipe(parser);
    // After the parser has taken each chunk: a form's first part (a file's headers, or a field of at most
    // fieldBytes) comes first; a body that has not finished one by then is no form, and is not read on to its end.
    source.on("data", () => {
      if (!parts && received > opts.fieldBytes + PREAMBLE_BYTES) fail(new AppError("bad_request", "The upload could not be read."));
    });
  });
}
