import { NextRequest } from "next/server";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Calls a route handler the way Next.js does and returns status + parsed JSON. */
export async function call(handler: Handler, url: string, init: { method?: string; body?: unknown; rawBody?: string; params?: Record<string, string>; headers?: Record<string, string> } = {}) {
  const body = init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  const req = new NextRequest(new URL(url, "http://localhost:3000"), {
    method: init.method ?? (body === undefined ? "GET" : "POST"),
    body,
    headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...init.headers },
  });
  const res = await handler(req, { params: Promise.resolve(init.params ?? {}) });
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json, headers: res.headers };
}

/** Headers that make a request come from `ip`, as the front server (server/front-server.mjs) reports the TCP peer. */
export const fromClient = (ip: string): Record<string, string> => ({ "x-mm-peer": `${process.env.MM_PEER_TOKEN} ${ip}` });
