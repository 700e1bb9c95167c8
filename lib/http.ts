import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import type { z } from "zod";
import { AppError, isAppError } from "@/lib/errors";
import { log, requestFields } from "@/lib/log";
import { JSON_BODY_LIMIT, readJsonBody } from "@/lib/net/body";
import type { PublicLimitName } from "@/lib/rate-limit/limits";
import { enforcePublicLimit } from "@/lib/rate-limit/public-limits";
import { parseOrThrow } from "@/lib/validation";
import { isBearerRequest, requireAdmin } from "@/lib/auth/guard";
import { assertSameOriginWrite, type AdminWriteBody } from "@/lib/auth/same-origin";
import type { AdminIdentity } from "@/lib/auth/service";
import { runAsAdmin } from "@/lib/audit/context";

type Params = Record<string, string | string[]>;
type Ctx = { params: Promise<Params> };

type RouteOptions = {
  /** A public write: counted against this per-client limit (lib/rate-limit/limits.ts) before anything else runs. */
  rateLimit?: PublicLimitName;
};

/** Wraps a route handler: runs it, turns AppError into its status with `{message, fields?}`, hides everything else behind a 500. */
export function withRoute<P extends Params = Params>(
  handler: (req: NextRequest, ctx: { params: P }) => Promise<Response | unknown>,
  opts: RouteOptions = {},
) {
  return async (req: NextRequest, ctx: Ctx): Promise<Response> => {
    try {
      if (opts.rateLimit) await enforcePublicLimit(opts.rateLimit, req);
      const params = readRouteParams((await ctx?.params) ?? {}) as P;
      const result = await handler(req, { params });
      return result instanceof Response ? result : NextResponse.json(result);
    } catch (error) {
      return errorResponse(error, req);
    }
  };
}

export function errorResponse(error: unknown, req?: { headers: Headers; url: string }): Response {
  if (isAppError(error)) {
    return NextResponse.json(
      { ...error.data, message: error.message, error: error.message, ...(error.fields ? { fields: error.fields } : {}) },
      { status: error.status, headers: error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined },
    );
  }
  log.error({ ...(req ? requestFields(req) : {}), err: error }, "unhandled error in route handler");
  return NextResponse.json({ message: "Something went wrong. Please try again.", error: "internal_error" }, { status: 500 });
}

/**
 * Reads a JSON body (application/json, at most 64 KB unless `limit` says
 * otherwise, no NUL characters) and validates it: 415 / 413 / 400.
 */
export async function readJson<S extends z.core.$ZodType>(req: Request, schema: S, limit = JSON_BODY_LIMIT): Promise<z.output<S>> {
  return parseOrThrow(schema, await readJsonBody(req, limit));
}

/** Longest path segment any route accepts (slugs and names are at most 200 characters). */
export const MAX_PATH_SEGMENT_LENGTH = 200;

/**
 * Path segments a route may look up: anything with a NUL byte or longer than
 * any stored key cannot name a row, so it is a 404 before a query runs.
 */
export function readRouteParams(params: Params): Params {
  for (const value of Object.values(params).flat()) {
    if (typeof value !== "string" || value.includes("\u0000") || value.length > MAX_PATH_SEGMENT_LENGTH) throw new AppError("not_found", "Not found");
  }
  return params;
}

/** Validates the query string against a schema: each parameter at most once, never a NUL byte. */
export function readQuery<S extends z.core.$ZodType>(req: NextRequest, schema: S): z.output<S> {
  const query: Record<string, string> = {};
  for (const [key, value] of req.nextUrl.searchParams.entries()) {
    if (key.includes("\u0000") || value.includes("\u0000")) throw new AppError("bad_request", "Query parameters must not contain NUL bytes");
    if (Object.hasOwn(query, key)) throw new AppError("bad_request", `${key} must be given only once`, { [key]: `${key} must be given only once` });
    query[key] = value;
  }
  return parseOrThrow(schema, query);
}

/**
 * withRoute for admin endpoints: the session cookie or a bearer token, else 401 JSON before anything runs.
 * Writes authenticated by the cookie must also be same-origin and of the route's body type (`body`,
 * default JSON), else 403 (lib/auth/same-origin.ts); bearer-token clients are not checked.
 */
export function withAdminRoute<P extends Params = Params>(
  handler: (req: NextRequest, ctx: { params: P; admin: AdminIdentity }) => Promise<Response | unknown>,
  options: { body?: AdminWriteBody } = {},
) {
  return withRoute<P>(async (req, ctx) => {
    const admin = await requireAdmin(req);
    if (!isBearerRequest(req)) assertSameOriginWrite(req, options.body);
    return runAsAdmin(admin, () => handler(req, { ...ctx, admin }));
  });
}
