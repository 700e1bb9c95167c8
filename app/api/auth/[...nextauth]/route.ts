import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/options";
import { errorResponse } from "@/lib/http";
import { JSON_BODY_LIMIT, readRawBody } from "@/lib/net/body";

const handler = NextAuth(authOptions);
type Ctx = { params: Promise<{ nextauth: string[] }> };

/** next-auth reads its form posts itself: hand it a copy of the body, read with the same 64 KB bound as every other route. */
async function boundedPost(req: NextRequest, ctx: Ctx) {
  let body: Buffer;
  try {
    body = await readRawBody(req, JSON_BODY_LIMIT);
  } catch (error) {
    return errorResponse(error);
  }
  const copy = new NextRequest(req.url, { method: "POST", headers: req.headers, body: new Uint8Array(body) });
  return handler(copy, ctx);
}

export { handler as GET, boundedPost as POST };
