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
  return decodeUtf8(await readRawBody(req, limit));
}

/** Bytes as UTF-8 text; malformed UTF-8 is a 400 (never silently replaced). */
export function decodeUtf8(raw: Uint8Array): string {
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

/** No request the shop takes nests deeper than a few levels; a body nested deeper is refused rather than walked. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = "Request body is nested too deeply.";

/**
 * JSON.parse that refuses NUL characters anywhere in keys or strings (PostgreSQL cannot store them)
 * and values nested deeper than MAX_JSON_DEPTH (64 KB of "[" is 65,536 levels: walking them
 * recursively overflowed the stack, a 500).
 */
export function parseJsonText(text: string): unknown {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "Request body must be valid JSON");
  }
  const problem = jsonProblem(body);
  if (problem === "depth") throw new AppError("bad_request", TOO_DEEP_MESSAGE);
  if (problem === "nul") throw new AppError("bad_request", "Request body must not contain NUL characters.");
  return body;
}

/** What is wrong with a parsed value, walked without recursion: a NUL character, nesting past MAX_JSON_DEPTH, or nothing. */
function jsonProblem(root: unknown): "nul" | "depth" | null {
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value === "string") {
      if (value.includes(NUL)) return "nul";
    } else if (value && typeof value === "object") {
      if (depth >= MAX_JSON_DEPTH) return "depth";
      if (Array.isArray(value)) {
        for (const item of value) stack.push([item, depth + 1]);
      } else {
        for (const [key, item] of Object.entries(value)) {
          if (key.includes(NUL)) return "nul";
          stack.push([item, depth + 1]);
        }
      }
    }
  }
  return null;
}

/** Whether a value holds a NUL character in any key or string (nesting past MAX_JSON_DEPTH counts as holding one: refused either way). */
export function containsNul(value: unknown): boolean {
  return jsonProblem(value) !== null;
}

/** A bounded, JSON-typed body: 415 for another content type, 413 past the limit, 400 when malformed. */
export async function readJsonBody(req: Request, limit = JSON_BODY_LIMIT): Promise<unknown> {
  if (mediaType(req) !== "application/json") {
    throw new AppError("unsupported_media_type", "Content-Type must be application/json.");
  }
  return parseJsonText(await readTextBody(req, limit));
}
