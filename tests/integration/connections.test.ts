/**
 * What `npm start`'s front server (scripts/next-server.mjs) does with
 * methods and bodies, against a production server (embedded database):
 * - a body refused before it is read to its end (413 on an upload, a JSON
 *   body, a webhook) leaves the connection usable: a keep-alive client's next
 *   requests are answered (lib/net/unread-body.mjs).
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { useEmbeddedShop } from "../helpers/instances";
import { adminToken } from "../helpers/shop-http";

const ADMIN_EMAIL = "owner@example.com";
const ADMIN_PASSWORD = "conn-test-password";
const shop = useEmbeddedShop("conn", 14, { ADMIN_EMAIL, ADMIN_PASSWORD });

type Answer = { status: number; allow: string | null; connection: string | null; body: string };

/** One request through `agent`; rejects when no answer has come within `timeoutMs`. */
function send(agent: http.Agent, method: string, target: string, headers: Record<string, string | number> = {}, body?: Buffer, opts: { chunked?: boolean; timeoutMs?: number } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${shop().url}${target}`, { method, agent, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, allow: (res.headers.allow as string | undefined) ?? null, connection: res.headers.connection ?? null, body: text });
      });
    });
    const timer = setTimeout(() => req.destroy(new Error(`${method} ${target}: no answer within ${opts.timeoutMs ?? 1000} ms`)), opts.timeoutMs ?? 1000);
    // A client still sending its body when the server closes sees the answer, then this error: only an error before the answer counts.
    req.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    if (body && opts.chunked) {
      for (let at = 0; at < body.length; at += 64 * 1024) req.write(body.subarray(at, at + 64 * 1024));
      req.end();
    } else req.end(body);
  });
}

function multipart(files: Array<{ name: string; bytes: number }>, field = "images") {
  const boundary = `----conn${randomBytes(6).toString("hex")}`;
  const parts = files.map(({ name, bytes }) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`), Buffer.alloc(bytes, 0x42), Buffer.from("\r\n")]),
  );
  const body = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

describe("bodies refused before they are read: the connection still serves the next requests", () => {
  let token: string;
  beforeAll(async () => {
    token = await adminToken(shop().url, ADMIN_EMAIL, ADMIN_PASSWORD);
  });

  const cases: Array<[string, () => { target: string; headers: Record<string, string | number>; body: Buffer; chunked?: boolean }]> = [
    ["a 12 MB upload (one image over 10 MB)", () => {
      const form = multipart([{ name: "big.png", bytes: 12 * 1024 * 1024 }]);
      return { target: "/api/upload", headers: { authorization: `Bearer ${token}`, "content-type": form.type, "content-length": form.body.length }, body: form.body };
    }],
    ["an upload of more than 10 files", () => {
      const form = multipart(Array.from({ length: 14 }, (_, i) => ({ name: `f${i}.png`, bytes: 300 * 1024 })));
      return { target: "/api/upload", headers: { authorization: `Bearer ${token}`, "content-type": form.type, "content-length": form.body.length }, body: form.body };
    }],
    ["a JSON body over 64 KB sent without a length", () => ({
      target: "/api/products",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: Buffer.alloc(5 * 1024 * 1024, 0x20),
      chunked: true,
    })],
    ["a JSON body declared over 64 KB", () => ({
      target: "/api/products",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "content-length": 5 * 1024 * 1024 },
      body: Buffer.alloc(5 * 1024 * 1024, 0x20),
    })],
    ["a webhook over 1 MB", () => ({
      target: "/api/webhooks/stripe",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=x" },
      body: Buffer.alloc(5 * 1024 * 1024, 0x20),
      chunked: true,
    })],
  ];

  it.each(cases)("%s: 413, then 20 requests on the same keep-alive agent each answered within a second", async (_label, make) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const { target, headers, body, chunked } = make();
      const refused = await send(agent, "POST", target, headers, body, { chunked, timeoutMs: 30_000 });
      expect(refused.status).toBe(413);
      const next: Array<number | string> = [];
      for (let i = 0; i < 20; i++) next.push(await send(agent, "GET", "/api/health").then((a) => a.status, (e: Error) => e.message));
      expect(next).toEqual(Array(20).fill(200));
    } finally {
      agent.destroy();
    }
  }, 120_000);
});
