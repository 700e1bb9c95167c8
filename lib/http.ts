import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import type { z } from "zod";
import { AppError, INTERNAL_ERROR_CODE, isAppError } from "@/lib/errors";
import { log, requestFields } from "@/lib/log";
import { JSON_BODY_LIMIT, readJsonBody } from "@/lib/net/body";
import { etagMatches } from "./cdn/policy.mjs";
import { createHash } from "node:crypto";
import type { PublicLimitName } from "@/lib/rate-limit/limits";
import { enforcePublicLimit } from "@/lib/rate-limit/public-limits";
import { parseOrThrow } from "@/lib/validation";
import { isBearerRequest, requireAdmin } from "@/lib/auth/guard";
import { assertNotCrossSiteWrite, assertSameOriginWrite, type AdminWriteBody } from "@/lib/auth/same-origin";
import type { AdminIdentity } from "@/lib/auth/service";
import { runAsAdmin } from "@/lib/audit/context";

type Params = Record<string, string | string[]>;
type Ctx = { params: Promise<Params> };

type RouteOptions = {
  /** A public write: counted against this per-client limit (lib/rate-limit/limits.ts) before anything else runs. */
  rateLimit?: PublicLimitName;
  /** Cache-Control on every answer, errors included. */
  cacheControl?: string;
  /**
   * Writes (POST/PUT/PATCH/DELETE) from another site's page are refused with 403 before anything
   * runs (lib/auth/same-origin.ts assertNotCrossSiteWrite). "allow" only where the sender is not a
   * browser form and a signature or an unguessable token is the authority: webhooks, RFC 8058 one-click
   * (and withAdminRoute, whose stricter same-origin rule replaces this one).
   */
  crossSite?: "allow";
  /**
   * A public read answered alike for everyone: its JSON answer carries an ETag (a hash of the body), and a
   * request whose If-None-Match matches it gets 304 with no body (a CDN or browser revalidating). The cached
   * twins answer from Next's cache without running this: the front server answers their 304 (server/cdn-headers.mjs).
   */
  etag?: boolean;
};

/**
 * Public catalogue reads: never kept by browsers or CDNs where nothing in
 * front purges them (`next dev`, Vercel); the server caches them and expires
 * them by tag. Behind `npm start`'s front server the shared-cache policy
 * (lib/cdn/policy.mjs) replaces it: a short s-maxage with ETag revalidation,
 * or a long one when a CDN is purged by tag on every change.
 */
export const CATALOGUE_API_CACHE_CONTROL = "no-store";

/** Wraps a route handler: runs it, turns AppError into its status with `{code, message, error, fields?}` (lib/errors.ts ERROR_CODES), hides everything else behind a 500. */
export function withRoute<P extends Params = Params>(handler: (req: NextRequest, ctx: { params: P }) => Promise<Response | unknown>, opts: RouteOptions = {}) {
  return async (req: NextRequest, ctx: Ctx): Promise<Response> => {
    try {
      // A bearer token is never added by a browser itself (it needs a preflight this app never answers); Basic auth can be.
      if (opts.crossSite !== "allow" && !/^Bearer\s/i.test(req.headers.get("authorization") ?? "")) assertNotCrossSiteWrite(req);
      if (opts.rateLimit) await enforcePublicLimit(opts.rateLimit, req);
      const params = readRouteParams((await ctx?.params) ?? {}) as P;
      const result = await handler(req, { params });
      if (opts.etag && !(result instanceof Response)) return withCacheControl(jsonWithEtag(req, result), opts.cacheControl);
      return withCacheControl(result instanceof Response ? result : NextResponse.json(result), opts.cacheControl);
    } catch (error) {
      return withCacheControl(errorResponse(error, req), opts.cacheControl);
    }
  };
}

/** `result` as JSON with its ETag, or 304 when the request's If-None-Match matches it. */
function jsonWithEtag(req: NextRequest, result: unknown): Response {
  const body = JSON.stringify(result);
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  if (etagMatches(req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers: { etag } });
  return new Response(body, { headers: { "content-type": "application/json", etag } });
}

function withCacheControl(response: Response, cacheControl: string | undefined): Response {
  if (cacheControl) response.headers.set("Cache-Control", cacheControl);
  return response;
}

export function errorResponse(error: unknown, req?: { headers: Headers; url: string }): Response {
  if (isAppError(error)) {
    return NextResponse.json(
      // `code` first: a finer reason the body already carried (a cart line's `sold_out`) keeps its place.
      { code: error.code, ...error.data, message: error.message, error: error.message, ...(error.fields ? { fields: error.fields } : {}) },
      { status: error.status, headers: error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined },
    );
  }
  log.error({ ...(req ? requestFields(req) : {}), err: error }, "unhandled error in route handler");
  return NextResponse.json({ message: "Something went wrong. Please try again.", error: INTERNAL_ERROR_CODE, code: INTERNAL_ERROR_CODE }, { status: 500 });
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
  return readSearchParams(req.nextUrl.searchParams, schema);
}

/** readQuery over any URLSearchParams. */
export function readSearchParams<S extends z.core.$ZodType>(searchParams: URLSearchParams, schema: S): z.output<S> {
  const query: Record<string, string> = {};
  for (const [key, value] of searchParams.entries()) {
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
  return withRoute<P>(
    async (req, ctx) => {
      const admin = await requireAdmin(req);
      if (!isBearerRequest(req)) assertSameOriginWrite(req, options.body);
      return runAsAdmin(admin, () => handler(req, { ...ctx, admin }));
    },
    { crossSite: "allow" },
  ); // the stricter admin rule above replaces the public one (401 first, then same-origin)
}
