/**
 * The CDN purge adapters (lib/cdn/purge-service.ts) against small local fakes of the
 * Fastly and Cloudflare purge APIs and of a Varnish: the exact request each
 * sends (URL, method, auth header, body), what counts as accepted, and a
 * refused purge recorded and sent again until it is accepted.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { purgeCdnTags, purgeUploadUrls, retryRecordedPurges, sendPurge, type PurgeTarget } from "@/lib/cdn/purge-service";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

/** A fake API: records every request, answers with `reply` (changeable). */
async function fakeApi(reply: { status: number; body: string }) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.writeHead(fake.reply.status, { "content-type": "application/json" });
      res.end(fake.reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const fake = { seen, reply, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  return fake;
}

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.cleanup());

describe("CDN purge adapters", () => {
  it("Fastly: POST /service/{id}/purge with the token in Fastly-Key and the keys as JSON, 256 a request", async () => {
    const fastly = await fakeApi({ status: 200, body: '{"status":"ok"}' });
    const target: PurgeTarget = { kind: "fastly", serviceId: "SU1Z0isxPaozGVKXdv0eY", token: "fastly-token-123", apiUrl: `${fastly.url}/` };
    await sendPurge(target, ["products", "product:walnut-bowl", "products"]);
    expect(fastly.seen).toHaveLength(1);
    const [request] = fastly.seen;
    expect({ method: request.method, url: request.url, key: request.headers["fastly-key"], type: request.headers["content-type"], body: JSON.parse(request.body) }).toEqual({
      method: "POST",
      url: "/service/SU1Z0isxPaozGVKXdv0eY/purge",
      key: "fastly-token-123",
      type: "application/json",
      body: { surrogate_keys: ["products", "product:walnut-bowl"] },
    });
    fastly.seen.length = 0;
    await sendPurge(
      target,
      Array.from({ length: 300 }, (_, i) => `product:p${i}`),
    );
    expect(fastly.seen.map((r) => JSON.parse(r.body).surrogate_keys.length)).toEqual([256, 44]);
    fastly.reply = { status: 401, body: '{"msg":"Provided credentials are missing or invalid"}' };
    await expect(sendPurge(target, ["products"])).rejects.toThrow(/fastly purge refused: 401/);
    await fastly.close();
  });

  it("Cloudflare: POST /zones/{id}/purge_cache with a bearer token and the tags as JSON, 30 a request; success:false is a refusal", async () => {
    const cloudflare = await fakeApi({ status: 200, body: '{"success":true,"errors":[],"messages":[],"result":{"id":"abc"}}' });
    const target: PurgeTarget = { kind: "cloudflare", zoneId: "023e105f4ecef8ad9ca31a8372d0c353", token: "cf-token-456", apiUrl: `${cloudflare.url}/client/v4` };
    await sendPurge(target, ["products", "categories"]);
    const [request] = cloudflare.seen;
    expect({ method: request.method, url: request.url, auth: request.headers.authorization, type: request.headers["content-type"], body: JSON.parse(request.body) }).toEqual({
      method: "POST",
      url: "/client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/purge_cache",
      auth: "Bearer cf-token-456",
      type: "application/json",
      body: { tags: ["products", "categories"] },
    });
    cloudflare.seen.length = 0;
    await sendPurge(
      target,
      Array.from({ length: 31 }, (_, i) => `product:p${i}`),
    );
    expect(cloudflare.seen.map((r) => JSON.parse(r.body).tags.length)).toEqual([30, 1]);
    cloudflare.reply = { status: 200, body: '{"success":false,"errors":[{"code":1134,"message":"Purge by tag is not available on this plan"}]}' };
    await expect(sendPurge(target, ["products"])).rejects.toThrow(/cloudflare purge not accepted.*Purge by tag/);
    await cloudflare.close();
  });

  it("Varnish: PURGE to every address with the tags in xkey-purge", async () => {
    const [a, b] = [await fakeApi({ status: 200, body: "" }), await fakeApi({ status: 200, body: "" })];
    await sendPurge({ kind: "varnish", urls: [`${a.url}/`, `${b.url}/`] }, ["products", "product:oak-stool"]);
    for (const fake of [a, b])
      expect(fake.seen.map((r) => ({ method: r.method, url: r.url, xkey: r.headers["xkey-purge"] }))).toEqual([{ method: "PURGE", url: "/", xkey: "products product:oak-stool" }]);
    a.reply = { status: 403, body: "Forbidden" };
    await expect(sendPurge({ kind: "varnish", urls: [`${a.url}/`] }, ["products"])).rejects.toThrow(/varnish purge refused: 403/);
    await Promise.all([a.close(), b.close()]);
  });

  it("a hidden review's photos: each of the shop's own files is purged by its own tag; a file kept elsewhere is not the CDN's", async () => {
    const varnish = await fakeApi({ status: 200, body: "" });
    await purgeUploadUrls(["/uploads/reviews/a1.webp", "/uploads/reviews/a1-384.webp", "https://utfs.io/f/xyz.webp"], { kind: "varnish", urls: [`${varnish.url}/`] });
    expect(varnish.seen.map((r) => r.headers["xkey-purge"])).toEqual(["upload:/uploads/reviews/a1.webp upload:/uploads/reviews/a1-384.webp"]);
    varnish.seen.length = 0;
    await purgeUploadUrls(["https://utfs.io/f/xyz.webp"], { kind: "varnish", urls: [`${varnish.url}/`] });
    expect(varnish.seen).toEqual([]);
    await varnish.close();
  });

  it("a purge the CDN refuses is recorded before the change answers, and sent again until it is accepted", async () => {
    const fastly = await fakeApi({ status: 503, body: '{"msg":"busy"}' });
    const target: PurgeTarget = { kind: "fastly", serviceId: "svc", token: "t", apiUrl: fastly.url };
    await purgeCdnTags(["products", "product:walnut-bowl"], target, { echo: false });
    const recorded = await db.prisma.cdnPurge.findMany();
    expect(recorded.map((r) => ({ tags: r.tags, attempts: r.attempts, error: /503/.test(r.lastError ?? "") }))).toEqual([{ tags: "products product:walnut-bowl", attempts: 2, error: true }]);

    // Still refused: kept, one more attempt counted, retried later.
    await db.prisma.cdnPurge.updateMany({ data: { nextAttemptAt: new Date(0) } });
    expect(await retryRecordedPurges(target)).toBe(1);
    const again = await db.prisma.cdnPurge.findFirstOrThrow();
    expect({ attempts: again.attempts, later: again.nextAttemptAt.getTime() > Date.now() }).toEqual({ attempts: 3, later: true });

    fastly.reply = { status: 200, body: '{"status":"ok"}' };
    fastly.seen.length = 0;
    await db.prisma.cdnPurge.updateMany({ data: { nextAttemptAt: new Date(0) } });
    expect(await retryRecordedPurges(target)).toBe(0);
    expect(fastly.seen.map((r) => JSON.parse(r.body))).toEqual([{ surrogate_keys: ["products", "product:walnut-bowl"] }]);
    expect(await db.prisma.cdnPurge.count()).toBe(0);
    await fastly.close();
  });

  it("an accepted purge records nothing; with no CDN configured nothing is sent", async () => {
    const fastly = await fakeApi({ status: 200, body: "{}" });
    await purgeCdnTags(["products"], { kind: "fastly", serviceId: "svc", token: "t", apiUrl: fastly.url }, { echo: false });
    expect({ sent: fastly.seen.length, recorded: await db.prisma.cdnPurge.count() }).toEqual({ sent: 1, recorded: 0 });
    await purgeCdnTags(["products"], null);
    expect(fastly.seen.length).toBe(1);
    await fastly.close();
  });
});
