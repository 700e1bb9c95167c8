import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { requestAuthOptions } from "@/lib/auth/options";
import { assertNotCrossSiteWrite } from "@/lib/auth/same-origin";
import { errorResponse } from "@/lib/http";
import { decodeUtf8, JSON_BODY_LIMIT, parseJsonText, readRawBody } from "@/lib/net/body";

type Ctx = { params: Promise<{ nextauth: string[] }> };

/** next-auth with this request's cookie names: Secure ones over https, also behind a trusted proxy (lib/auth/session-cookie.ts). */
const handler = (req: NextRequest, ctx: Ctx) => NextAuth(req, ctx, requestAuthOptions(req.headers));

/**
 * next-auth reads its form posts itself: refused from another site, then a copy of the body, read with the
 * same 64 KB bound as every other route. A JSON body is checked by the shop's own parse first (next-auth's
 * `req.json()` threw on a malformed one: a 500): 400 for bad JSON or UTF-8, NUL characters or deep nesting.
 */
async function boundedPost(req: NextRequest, ctx: Ctx) {
  let body: Buffer;
  try {
    assertNotCrossSiteWrite(req); // like every public write (lib/http.ts withRoute); next-auth's CSRF token stays too
    body = await readRawBody(req, JSON_BODY_LIMIT);
    // next-auth reads as JSON any body whose Content-Type merely contains the words (next-auth/next/utils getBody).
    if ((req.headers.get("content-type") ?? "").toLowerCase().includes("application/json")) parseJsonText(decodeUtf8(body));
  } catch (error) {
    return errorResponse(error);
  }
  const copy = new NextRequest(req.url, { method: "POST", headers: req.headers, body: new Uint8Array(body) });
  return handler(copy, ctx);
}

export { handler as GET, boundedPost as POST };
