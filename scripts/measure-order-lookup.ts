/**
 * `npx tsx scripts/measure-order-lookup.ts`: can "Track your order" tell by
 * its answer time whether an order number exists? Starts the last production
 * build (`npm run build` first) on a scratch embedded database with test
 * payments and the lookup limit raised (RATE_LIMIT_ORDER_LOOKUP), places one
 * order of three products with the test card, then times POST
 * /api/order-status for a real order number with the wrong email and for an
 * order number that does not exist: 200 of each, one after the other in
 * random order within each pair, over one keep-alive connection, after 50 of
 * each to warm up. Both answer 404 with the same body; the medians should be
 * within the noise (the difference between two halves of the same case).
 * Traffic goes only to 127.0.0.1. LOOKUPS=<n> changes the 200.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import http from "node:http";
import { freePort } from "./free-port";

const LOOKUPS = Number(process.env.LOOKUPS ?? 200);
const WARMUP = 50;

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request; resolves with its status, body and the time to the last byte in ms. */
function request(port: number, method: string, path: string, body?: unknown): Promise<{ status: number; body: string; ms: number }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request({ host: "127.0.0.1", port, method, path, agent, headers: payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {} }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    });
    req.on("error", reject);
    req.end(payload);
  });
}

async function json(port: number, method: string, path: string, body?: unknown) {
  const res = await request(port, method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.body.slice(0, 300)}`);
  return JSON.parse(res.body);
}

async function waitForReady(port: number, server: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error("the server exited before it was ready");
    const ok = await request(port, "GET", "/api/ready").then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not become ready");
}

/** One order of three products, paid with the test card; returns its number and checkout email. */
async function placeOrder(port: number): Promise<{ orderNumber: string; email: string }> {
  const { products } = await json(port, "GET", "/api/products?limit=100");
  const items = (products as { id: number; sold: boolean }[])
    .filter((p) => !p.sold)
    .slice(0, 3)
    .map((p) => ({ productId: p.id, quantity: 1 }));
  const contact = { email: "measure@example.com", firstName: "Robin", lastName: "Ash", phone: "555-0100" };
  const shippingAddress = { line1: "12 Elm Street", city: "Asheville", state: "NC", postalCode: "28801", country: "US" };
  const intent = await json(port, "POST", "/api/create-payment-intent", { sessionId: `measure-${Date.now()}`, items, ...contact, shippingAddress });
  await json(port, "POST", "/api/payments/test/confirm", { clientSecret: intent.clientSecret, card: { number: "4242 4242 4242 4242", expMonth: "12", expYear: "34", cvc: "123" } });
  const order = await json(port, "POST", "/api/orders", { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, ...contact });
  return { orderNumber: order.orderNumber, email: contact.email };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const describe = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${median(s).toFixed(3)} ms (p25 ${quantile(s, 0.25).toFixed(3)}, p75 ${quantile(s, 0.75).toFixed(3)}, p90 ${quantile(s, 0.9).toFixed(3)})`;
};

async function main() {
  const port = await freePort();
  const dataDir = `.data/measure-lookup-${process.pid}`;
  rmSync(dataDir, { recursive: true, force: true });
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts", "start"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      EMBEDDED_DB_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      PAYMENT_PROVIDER: "test",
      RATE_LIMIT_SCALE: "1000",
      RATE_LIMIT_ORDER_LOOKUP: "100000/1h",
      ADMIN_PASSWORD: "measure-only-password",
      LOG_LEVEL: "warn",
    },
  });
  try {
    await waitForReady(port, server);
    const order = await placeOrder(port);
    // Same shape as a real number (ORD-<milliseconds>-<suffix>), one millisecond later: nobody's.
    const [, millis, suffix] = /^ORD-(\d+)-(.+)$/.exec(order.orderNumber) ?? [null, String(Date.now()), "1"];
    const cases = {
      "real order, wrong email": { orderNumber: order.orderNumber, email: "someone-else@example.com" },
      "order number that does not exist": { orderNumber: `ORD-${Number(millis) + 1}-${suffix}`, email: order.email },
    };
    const [a, b] = Object.keys(cases) as (keyof typeof cases)[];
    const right = await request(port, "POST", "/api/order-status", { orderNumber: order.orderNumber, email: order.email });
    if (right.status !== 200) throw new Error(`the right pair answered ${right.status}: ${right.body.slice(0, 200)}`);
    const samples: Record<string, number[]> = { [a]: [], [b]: [] };
    let body: string | null = null;
    for (let i = 0; i < WARMUP + LOOKUPS; i++) {
      for (const name of Math.random() < 0.5 ? [a, b] : [b, a]) {
        const res = await request(port, "POST", "/api/order-status", cases[name]);
        if (res.status !== 404) throw new Error(`${name}: ${res.status} ${res.body.slice(0, 200)}`);
        if (body !== null && res.body !== body) throw new Error(`${name}: a different 404 body`);
        body = res.body;
        if (i >= WARMUP) samples[name].push(res.ms);
      }
    }
    console.log(`${LOOKUPS} lookups each over HTTP (after ${WARMUP} to warm up), same 404 body for both:`);
    for (const name of [a, b]) console.log(`  ${name.padEnd(34)} ${describe(samples[name])}`);
    const difference = median(samples[a]) - median(samples[b]);
    const noise = Math.max(...[a, b].map((n) => Math.abs(median(samples[n].filter((_, i) => i % 2 === 0)) - median(samples[n].filter((_, i) => i % 2 === 1)))));
    console.log(`  difference of the medians ${difference.toFixed(3)} ms; noise (largest gap between the two halves of one case) ${noise.toFixed(3)} ms`);
  } finally {
    server.kill("SIGTERM");
    if (server.exitCode === null) await new Promise((r) => server.once("exit", r));
    agent.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
