import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { requestAuthOptions } from "@/lib/auth/options";
import { assertNotCrossSiteWrite } from "@/lib/auth/same-origin";
import { errorResponse } from "@/lib/http";
import { JSON_BODY_LIMIT, readRawBody } from "@/lib/net/body";

type Ctx = { params: Promise<{ nextauth: string[] }> };

/** next-auth with this request's cookie names: Secure ones over https, also behind a trusted proxy (lib/auth/session-cookie.ts). */
const handler = (req: NextRequest, ctx: Ctx) => NextAuth(req, ctx, requestAuthOptions(req.headers));

/** next-auth reads its form posts itself: refused from another site, then a copy of the body, read with the same 64 KB bound as every other route. */
async function boundedPost(req: NextRequest, ctx: Ctx) {
  let body: Buffer;
  try {
    assertNotCrossSiteWrite(req); // like every public write (lib/http.ts withRoute); next-auth's CSRF token stays too
    body = await readRawBody(req, JSON_BODY_LIMIT);
  } catch (error) {
    return errorResponse(error);
  }
  const copy = new NextRequest(req.url, { method: "POST", headers: req.headers, body: new Uint8Array(body) });
  return handler(copy, ctx);
}

export { handler as GET, boundedPost as POST };
