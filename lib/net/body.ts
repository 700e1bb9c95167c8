import "server-only";
import { Readable } from "node:stream";
import getRawBody from "raw-body";
import { AppError } from "@/lib/errors";

/**
 * Request bodies are bounded before they are read: a declared
 * Content-Length above the limit is refused without reading a byte, and a
 * streamed (chunked or lying) body is cut off by raw-body as soon as it
 * passes the limit, so an oversized request never sits in memory.
 */
export const JSON_BODY_LIMIT = 64 * 1024;
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export const tooLargeMessage = (limit: number) => `Request body is too large (limit ${formatBytes(limit)}).`;

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Throws 413 when the declared length is over the limit, 400 when it is not a number. */
export function assertDeclaredLength(req: Request, limit: number): void {
  const declared = req.headers.get("content-length");
  if (declared === null) return;
  if (!/^\d{1,15}$/.test(declared.trim())) throw new AppError("bad_request", "Invalid Content-Length header");
  if (Number(declared) > limit) throw new AppError("payload_too_large", tooLargeMessage(limit));
}

/** The raw body, at most `limit` bytes (413 beyond). */
export async function readRawBody(req: Request, limit: number): Promise<Buffer> {
  assertDeclaredLength(req, limit);
  if (!req.body) return Buffer.alloc(0);
  const stream = Readable.fromWeb(req.body as import("node:stream/web").ReadableStream);
  try {
    return await getRawBody(stream, { limit });
  } catch (error) {
    stream.destroy();
    if ((error as { type?: string }).type === "entity.too.large") throw new AppError("payload_too_large", tooLargeMessage(limit));
    throw new AppError("bad_request", "The request body could not be read.");
  }
}

/** The body as UTF-8 text; malformed UTF-8 is a 400 (never silently replaced). */
export async function readTextBody(req: Request, limit: number): Promise<string> {
  const raw = await readRawBody(req, limit);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(raw);
  } catch {
    throw new AppError("bad_request", "Request body is not valid UTF-8.");
  }
}

/** Media type of the request without parameters, lower-cased ("" when absent). */
export function mediaType(req: Request): string {
  return (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
}

const NUL = "\u0000";

/** JSON.parse that refuses NUL characters anywhere in keys or strings (PostgreSQL cannot store them). */
export function parseJsonText(text: string): unknown {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "Request body must be valid JSON");
  }
  if (containsNul(body)) throw new AppError("bad_request", "Request body must not contain NUL characters.");
  return body;
}

export function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes(NUL);
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object") return Object.entries(value).some(([k, v]) => k.includes(NUL) || containsNul(v));
  return false;
}

/** A bounded, JSON-typed body: 415 for another content type, 413 past the limit, 400 when malformed. */
export async function readJsonBody(req: Request, limit = JSON_BODY_LIMIT): Promise<unknown> {
  if (mediaType(req) !== "application/json") {
    throw new AppError("unsupported_media_type", "Content-Type must be application/json.");
  }
  return parseJsonText(await readTextBody(req, limit));
}
