import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import type { z } from "zod";
import { AppError, isAppError } from "@/lib/errors";
import { parseOrThrow } from "@/lib/validation";
import { isBearerRequest, requireAdmin } from "@/lib/auth/guard";
import { assertSameOriginWrite, type AdminWriteBody } from "@/lib/auth/same-origin";
import type { AdminIdentity } from "@/lib/auth/service";

type Params = Record<string, string | string[]>;
type Ctx = { params: Promise<Params> };

/** Wraps a route handler: runs it, turns AppError into its status with `{message, fields?}`, hides everything else behind a 500. */
export function withRoute<P extends Params = Params>(
  handler: (req: NextRequest, ctx: { params: P }) => Promise<Response | unknown>,
) {
  return async (req: NextRequest, ctx: Ctx): Promise<Response> => {
    try {
      const params = (await ctx?.params) as P;
      const result = await handler(req, { params });
      return result instanceof Response ? result : NextResponse.json(result);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

export function errorResponse(error: unknown): Response {
  if (isAppError(error)) {
    return NextResponse.json(
      { ...error.data, message: error.message, error: error.message, ...(error.fields ? { fields: error.fields } : {}) },
      { status: error.status },
    );
  }
  console.error("Unhandled error in route handler", error);
  return NextResponse.json({ message: "Something went wrong. Please try again.", error: "internal_error" }, { status: 500 });
}

/** Reads a JSON body and validates it; malformed JSON and schema failures are 400s. */
export async function readJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    throw new AppError("bad_request", "Request body must be valid JSON");
  }
  return parseOrThrow(schema, body);
}

/** Validates the query string (single values only) against a schema. */
export function readQuery<S extends z.ZodType>(req: NextRequest, schema: S): z.output<S> {
  return parseOrThrow(schema, Object.fromEntries(req.nextUrl.searchParams.entries()));
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
    return handler(req, { ...ctx, admin });
  });
}
