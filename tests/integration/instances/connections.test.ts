/**
 * What `npm start`'s front server (server/front-server.mjs) does with
 * methods and bodies, against a production server (embedded database):
 * - a page answers GET and HEAD only: any other method without a server
 *   action's Next-Action header is a 405 with `Allow: GET, HEAD`, so never-seen
 *   POST searches are refused before any render (Next.js rendered every one,
 *   outside the search queue); server actions (the admin forms) still run;
 * - a body refused before it is read to its end (413 on an upload, a JSON
 *   body, a webhook) leaves the connection usable: a keep-alive client's next
 *   requests are answered (server/unread-body.mjs).
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import { useEmbeddedShop } from "../../helpers/instances";
import { adminToken } from "../../helpers/shop-http";

const ADMIN_EMAIL = "owner@example.com";
const ADMIN_PASSWORD = "conn-test-password";
const shop = useEmbeddedShop("conn", 17, { ADMIN_EMAIL, ADMIN_PASSWORD });

type Answer = { status: number; allow: string | null; connection: string | null; body: string };

/** One request through `agent`; rejects when no answer has come within `timeoutMs`. */
function send(agent: http.Agent, method: string, target: string, headers: Record<string, string | number> = {}, body?: Buffer, opts: { chunked?: boolean; timeoutMs?: number } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered: Answer | null = null;
    const req = http.request(`${shop().url}${target}`, { method, agent, headers }, (res) => {
      answered = { status: res.statusCode ?? 0, allow: (res.headers.allow as string | undefined) ?? null, connection: res.headers.connection ?? null, body: "" };
      res.setEncoding("utf8");
      res.on("data", (d) => (answered!.body += d));
      res.on("end", () => {
        clearTimeout(timer);
        resolve(answered!);
      });
    });
    const timer = setTimeout(() => req.destroy(new Error(`${method} ${target}: no answer within ${opts.timeoutMs ?? 1000} ms`)), opts.timeoutMs ?? 1000);
    // A client still sending its body when the server closes sees the answer, then this error (EPIPE): only an
    // error before the answer's head arrived counts; after it, the answer stands as the client read it.
    req.on("error", (error) => {
      clearTimeout(timer);
      if (answered) resolve(answered);
      else reject(error);
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
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
      Buffer.alloc(bytes, 0x42),
      Buffer.from("\r\n"),
    ]),
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
    [
      "a 12 MB upload (one image over 10 MB)",
      () => {
        const form = multipart([{ name: "big.png", bytes: 12 * 1024 * 1024 }]);
        return { target: "/api/upload", headers: { authorization: `Bearer ${token}`, "content-type": form.type, "content-length": form.body.length }, body: form.body };
      },
    ],
    [
      "an upload of more than 10 files",
      () => {
        const form = multipart(Array.from({ length: 14 }, (_, i) => ({ name: `f${i}.png`, bytes: 300 * 1024 })));
        return { target: "/api/upload", headers: { authorization: `Bearer ${token}`, "content-type": form.type, "content-length": form.body.length }, body: form.body };
      },
    ],
    [
      "a JSON body over 64 KB sent without a length",
      () => ({
        target: "/api/products",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: Buffer.alloc(5 * 1024 * 1024, 0x20),
        chunked: true,
      }),
    ],
    [
      "a JSON body declared over 64 KB",
      () => ({
        target: "/api/products",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "content-length": 5 * 1024 * 1024 },
        body: Buffer.alloc(5 * 1024 * 1024, 0x20),
      }),
    ],
    [
      "a webhook over 1 MB",
      () => ({
        target: "/api/webhooks/stripe",
        headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=x" },
        body: Buffer.alloc(5 * 1024 * 1024, 0x20),
        chunked: true,
      }),
    ],
  ];

  it.each(cases)(
    "%s: 413, then 20 requests on the same keep-alive agent each answered within a second",
    async (_label, make) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const { target, headers, body, chunked } = make();
        const refused = await send(agent, "POST", target, headers, body, { chunked, timeoutMs: 30_000 });
        expect(refused.status).toBe(413);
        const next: Array<number | string> = [];
        for (let i = 0; i < 20; i++)
          next.push(
            await send(agent, "GET", "/api/health").then(
              (a) => a.status,
              (e: Error) => e.message,
            ),
          );
        expect(next).toEqual(Array(20).fill(200));
      } finally {
        agent.destroy();
      }
    },
    120_000,
  );
});

describe("pages answer GET and HEAD only", () => {
  it("another method without Next-Action is a 405 with Allow: GET, HEAD, and nothing is rendered; the API keeps its methods", async () => {
    const agent = new http.Agent({ keepAlive: true });
    try {
      const id = randomBytes(3).toString("hex");
      for (const [method, target] of [
        ["POST", `/shop?search=post${id}`],
        ["POST", `/shop/bowls?search=post${id}&page=2`],
        ["PUT", "/"],
        ["DELETE", "/product/anything"],
        ["POST", "/api/../shop?search=dots"],
        ["PATCH", "/admin/products"],
      ]) {
        const answer = await send(agent, method, target, { "content-type": "application/x-www-form-urlencoded", "content-length": 8 }, Buffer.from("search=x"), { timeoutMs: 30_000 });
        expect({ target, method, status: answer.status, allow: answer.allow, rendered: answer.body.includes("Maple &amp; Micron") }).toEqual({
          target,
          method,
          status: 405,
          allow: "GET, HEAD",
          rendered: false,
        });
      }
      // The API answers its own methods: a contact message is still taken.
      const contact = await send(
        agent,
        "POST",
        "/api/contact",
        { "content-type": "application/json" },
        Buffer.from(JSON.stringify({ name: "Dana Reyes", email: "dana@example.com", subject: "Commission", message: "Could you turn a cherry bowl about 12 inches wide?" })),
        { timeoutMs: 30_000 },
      );
      expect(contact.status).toBe(201);
    } finally {
      agent.destroy();
    }
  }, 60_000);

  it("400 concurrent never-seen POST searches are all refused with 405 at once, none rendered", async () => {
    const id = randomBytes(3).toString("hex");
    let n = 0;
    const statuses = new Map<number, number>();
    const run = await autocannon({
      url: shop().url,
      connections: 400,
      amount: 400,
      timeout: 60,
      requests: [
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "q=1",
          setupRequest: (req: autocannon.Request) => ({ ...req, path: `/shop?search=flood${id}x${n++}` }),
        },
      ],
      setupClient: (client: autocannon.Client) => client.on("response", (status: number) => void statuses.set(status, (statuses.get(status) ?? 0) + 1)),
    } as autocannon.Options);
    expect({ errors: run.errors, timeouts: run.timeouts, statuses: Object.fromEntries(statuses) }).toEqual({ errors: 0, timeouts: 0, statuses: { 405: 400 } });
    // The shop still searches (GET) right after.
    const page = await fetch(`${shop().url}/shop?search=after${id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`after${id}`);
  }, 120_000);

  it("server actions (POST with Next-Action, as the admin forms send) still run", async () => {
    const base = shop().url;
    const cookies = new Map<string, string>();
    const keep = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const at = pair.indexOf("=");
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return res;
    };
    const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const { csrfToken } = await keep(await fetch(`${base}/api/auth/csrf`)).json();
    const signIn = keep(
      await fetch(`${base}/api/auth/callback/credentials`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookie() },
        body: new URLSearchParams({ csrfToken, email: ADMIN_EMAIL, password: ADMIN_PASSWORD, json: "true" }),
      }),
    );
    expect(signIn.status).toBeLessThan(400);
    const manifest = JSON.parse(readFileSync(path.resolve(".next/server/server-reference-manifest.json"), "utf8")) as { node: Record<string, { exportedName?: string }> };
    const actionId = Object.entries(manifest.node).find(([, entry]) => entry.exportedName === "createCategoryAction")?.[0];
    expect(actionId).toBeTruthy();
    const name = `Action Category ${randomBytes(3).toString("hex")}`;
    const res = await fetch(`${base}/admin/categories`, {
      method: "POST",
      headers: { "next-action": actionId!, origin: base, accept: "text/x-component", "content-type": "text/plain;charset=UTF-8", cookie: cookie() },
      body: JSON.stringify([{ name }]),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('"ok":true');
    const categories = (await (await fetch(`${base}/api/categories`)).json()) as Array<{ name: string }>;
    expect(categories.map((c) => c.name)).toContain(name);
  }, 60_000);
});
