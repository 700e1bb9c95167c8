/**
 * GET /api/ready: 200 while the database (and Redis, when REDIS_URL is set)
 * answers, 503 naming what is unreachable otherwise. GET /api/health stays a
 * liveness probe that touches neither.
 */
import net from "node:net";
import { createPrismaClient, type PrismaClient } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";
import { existingProcessState, setProcessState } from "@/lib/process-state.mjs";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  delete process.env.REDIS_URL;
  await db?.cleanup();
});

async function ready(redisUrl?: string) {
  if (redisUrl) process.env.REDIS_URL = redisUrl;
  else delete process.env.REDIS_URL;
  jest.resetModules();
  const { GET } = await import("@/app/api/ready/route");
  const res = await GET();
  existingProcessState<{ destroy: () => void }>("redis")?.destroy();
  setProcessState("redis", undefined);
  return { status: res.status, body: await res.json() };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

describe("GET /api/ready", () => {
  it("200 with the database reachable and no Redis configured", async () => {
    expect(await ready()).toEqual({ status: 200, body: { ready: true, database: "ok" } });
  });

  it("503 when the configured Redis is unreachable", async () => {
    const result = await ready(`redis://127.0.0.1:${await closedPort()}/5`);
    expect(result).toEqual({ status: 503, body: { ready: false, database: "ok", redis: "unreachable" } });
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  (redisUrl ? it : it.skip)("200 when the configured Redis answers (TEST_REDIS_URL)", async () => {
    expect(await ready(redisUrl)).toEqual({ status: 200, body: { ready: true, database: "ok", redis: "ok" } });
  });
  if (!redisUrl) console.log("SKIPPED the reachable-Redis readiness case: set TEST_REDIS_URL (e.g. redis://127.0.0.1:6379/5).");

  it("503 when the database is unreachable", async () => {
    const real = existingProcessState<PrismaClient>("prisma");
    const unreachable = createPrismaClient(`postgresql://postgres@127.0.0.1:${await closedPort()}/none`, 1);
    setProcessState("prisma", unreachable);
    try {
      expect(await ready()).toEqual({ status: 503, body: { ready: false, database: "unreachable" } });
    } finally {
      await unreachable.$disconnect().catch(() => {});
      setProcessState("prisma", real);
    }
  });

  it("the liveness probe answers without either", async () => {
    const { GET } = await import("@/app/api/health/route");
    expect(GET().status).toBe(200);
  });
});
