/**
 * Graceful shutdown (server/front-server.mjs): two instances on one
 * PostgreSQL database; under a bounded load on the surviving one, SIGTERM hits
 * the other while a request to it is in flight (its body still arriving). The
 * survivor fails no request, the in-flight request completes, the terminated
 * instance answers 503 on /api/ready while draining and exits 0. Needs
 * TEST_DATABASE_URL (skipped with a printed reason otherwise).
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import autocannon from "autocannon";
import { createPostgresDatabase } from "../../helpers/test-db";
import { ensureProductionBuild, requirePostgres, sleep, unrefSleep, startInstance, stopAllInstances, testPort, waitForOk, type Instance } from "../../helpers/instances";

const server = requirePostgres("graceful shutdown of one of two instances");
const maybe = server ? describe : describe.skip;

/** A POST whose body arrives in two parts; resolves with the response once it comes. */
function slowPost(url: string, path: string, body: string) {
  const cut = Math.floor(body.length / 2);
  let sendRest!: () => void;
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(url + path, { method: "POST", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    req.write(body.slice(0, cut));
    sendRest = () => req.end(body.slice(cut));
  });
  response.catch(() => {});
  return { response, sendRest: () => sendRest() };
}

maybe("graceful shutdown", () => {
  let db: { url: string; drop: () => Promise<void> };
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    await ensureProductionBuild();
    db = await createPostgresDatabase(server!, `mm_inst_shutdown_${randomBytes(4).toString("hex")}`);
    const env = { DATABASE_URL: db.url, PAYMENT_PROVIDER: "test", AUTH_SECRET: "shutdown-test-secret-0123456789abcdef", ADMIN_PASSWORD: "shutdown-admin-password", RATE_LIMIT_SCALE: "1000" };
    a = startInstance(testPort(3), env);
    b = startInstance(testPort(4), env);
    await Promise.all([waitForOk(a, "/api/ready", 150_000), waitForOk(b, "/api/ready", 150_000)]);
  }, 15 * 60_000);

  afterAll(async () => {
    await stopAllInstances();
    await db?.drop();
  }, 60_000);

  it("SIGTERM mid-request: the request completes, the instance exits 0, the other fails nothing under load", async () => {
    const products = (await (await fetch(`${b.url}/api/products?limit=3`)).json()) as { products: { id: number }[] };
    const productId = products.products[0].id;
    // Warm both (first renders) so the load measures serving, not compiling.
    for (const i of [a, b]) for (const p of ["/", "/api/products", "/shop"]) await fetch(i.url + p).then((r) => r.arrayBuffer());

    const load = autocannon({
      url: b.url,
      connections: 8,
      duration: 8,
      requests: [
        { method: "GET", path: "/api/products" },
        { method: "GET", path: "/" },
        { method: "GET", path: "/api/ready" },
      ],
    });
    await sleep(1500);

    const inFlight = slowPost(a.url, "/api/cart/check", JSON.stringify({ items: [{ productId, quantity: 1 }] }));
    await sleep(300);
    a.signal("SIGTERM");
    await sleep(800);
    // Draining: still answering (not ready), no longer accepting new work for long.
    const draining = await fetch(`${a.url}/api/ready`).then(
      (r) => r.status,
      () => "refused",
    );
    inFlight.sendRest();
    const answer = await inFlight.response;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toBeTruthy();

    const exit = await Promise.race([a.exited, unrefSleep(30_000).then(() => "timeout" as const)]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(a.output()).toContain('"msg":"shutdown complete"');
    // New connections are refused once the listener is closed.
    expect(["refused", 503]).toContain(draining);

    const result = await load;
    console.log(`surviving instance under load: ${result.requests.total} requests, ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`);
    expect(result.requests.total).toBeGreaterThan(0);
    expect(result.errors + result.timeouts + result.non2xx).toBe(0);
  }, 120_000);
});
