/**
 * npm run bench:cluster — two production instances on one PostgreSQL database
 * and one Redis (the shared cache and rate limits), the load spread across
 * both (one autocannon run per instance, in parallel, half the connections
 * each), beside one instance taking the same total load, for `/`, `/shop`, a
 * product page and `GET /api/products`. Prints a Markdown table (also written
 * to bench-results/cluster-<timestamp>.md). Not part of `npm test`.
 *
 *   BENCH_PG_URL=postgresql://postgres@127.0.0.1:5432/postgres \
 *   REDIS_URL=redis://127.0.0.1:6379/0 npm run bench:cluster
 *
 * BENCH_PG_URL (default TEST_DATABASE_URL) is a PostgreSQL server: the bench
 * creates its own database there (mm_bench_cluster_*) and drops it at the
 * end. REDIS_URL's keys are written under a prefix of this run's own and
 * removed at the end. BENCH_SECONDS, BENCH_CONNECTIONS (default 10 s, 20
 * connections in total), BENCH_PORT (default 3200; the instances use it and
 * the next port), BENCH_SKIP_BUILD=1 reuses the last build (.next).
 * On one machine both instances share its cores: the figures show what the
 * shared cache costs and that nothing fails, not how far a cluster of machines scales.
 * Each run also reports how busy the machine's cores were (/proc/stat) and how
 * much of a core the load generator (this process) took: with the cores busy
 * throughout, the machine is the limit, and two instances cannot show what they
 * would serve on cores of their own.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import autocannon from "autocannon";
import pg from "pg";
import { createClient } from "redis";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3200);
const pgServer = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!pgServer || !redisUrl) {
  console.error("bench:cluster needs a PostgreSQL server and Redis: set BENCH_PG_URL (or TEST_DATABASE_URL), e.g. postgresql://postgres@127.0.0.1:5432/postgres, and REDIS_URL, e.g. redis://127.0.0.1:6379/0.");
  process.exit(2);
}

const run = randomBytes(4).toString("hex");
const dbName = `mm_bench_cluster_${run}`;
const prefix = `mmbench:${run}:`;
const dbUrl = (() => {
  const u = new URL(pgServer);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: pgServer });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitFor(url: string, timeoutMs = 180_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(5000) }).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer ${url}`);
}

const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: dbUrl,
  REDIS_URL: redisUrl,
  REDIS_PREFIX: prefix,
  NODE_ENV: "production",
  PAYMENT_PROVIDER: "test",
  AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(24).toString("base64url"),
  ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? "bench-admin-password",
  RATE_LIMIT_SCALE: "100000",
};

function start(port: number): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts", "start"], { env: { ...env, PORT: String(port) }, stdio: ["ignore", "ignore", "inherit"], detached: true });
}

function stop(child: ChildProcess | undefined) {
  if (child?.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  }
}

type Load = { rps: number; p50: number; p99: number; failed: number; busy: number; generator: number };

/** The machine's CPU time so far (all cores), and the part of it spent idle, in clock ticks (/proc/stat). */
function machineCpu(): { idle: number; total: number } {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  return { idle: fields[3] + (fields[4] ?? 0), total: fields.reduce((sum, n) => sum + n, 0) };
}

async function load(urls: string[], connections: number, seconds = SECONDS): Promise<Load> {
  const each = Math.max(1, Math.floor(connections / urls.length));
  const machineBefore = machineCpu();
  const selfBefore = process.cpuUsage();
  const started = Date.now();
  const results = await Promise.all(urls.map((url) => autocannon({ url, connections: each, duration: seconds, pipelining: 1 })));
  const machineAfter = machineCpu();
  const self = process.cpuUsage(selfBefore);
  return {
    /** Share of all cores' time spent busy during the run (%). */
    busy: Math.round(100 * (1 - (machineAfter.idle - machineBefore.idle) / Math.max(1, machineAfter.total - machineBefore.total))),
    /** The load generator's CPU, in % of one core. */
    generator: Math.round((100 * (self.user + self.system)) / 1000 / Math.max(1, Date.now() - started)),
    rps: Math.round(results.reduce((sum, r) => sum + r.requests.average, 0)),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    failed: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
  };
}

let a: ChildProcess | undefined;
let b: ChildProcess | undefined;
const cleanup = async () => {
  stop(a);
  stop(b);
  await new Promise((r) => setTimeout(r, 3000));
  await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch((e) => console.error(`could not drop ${dbName}: ${e.message}`));
  const redis = createClient({ url: redisUrl });
  await redis.connect();
  for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) if (keys.length) await redis.unlink(keys);
  await redis.quit();
};

try {
  await admin(`CREATE DATABASE "${dbName}"`);
  if (process.env.BENCH_SKIP_BUILD !== "1" || !existsSync(".next/BUILD_ID")) {
    console.log("=== building (migrates and seeds the bench database) ===");
    const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/serve.ts", "build"], { env, stdio: "inherit" });
    if (r.status !== 0) throw new Error(`build failed (${r.status})`);
  }
  const A = `http://127.0.0.1:${PORT}`;
  const B = `http://127.0.0.1:${PORT + 1}`;
  // Started together: the start-up step runs once under the advisory lock.
  a = start(PORT);
  b = start(PORT + 1);
  await Promise.all([waitFor(`${A}/api/ready`), waitFor(`${B}/api/ready`)]);
  const list = await (await fetch(`${A}/api/products?limit=1&sort=newest`)).json();
  const routes = ["/", "/shop", `/product/${list.products[0].slug}`, "/api/products"];

  const rows: { route: string; one: Load; two: Load }[] = [];
  for (const route of routes) {
    // Warm both instances (the shared cache, and the JIT: the first seconds under load are slower).
    for (const base of [A, B]) for (let i = 0; i < 5; i++) await fetch(base + route).then((r) => r.arrayBuffer());
    await load([A + route, B + route], CONNECTIONS, 3);
    process.stdout.write(`  ${route}: one instance … `);
    const one = await load([A + route], CONNECTIONS);
    process.stdout.write(`${one.rps} req/s; two instances … `);
    const two = await load([A + route, B + route], CONNECTIONS);
    console.log(`${two.rps} req/s`);
    rows.push({ route, one, two });
  }

  const table = [
    `### bench:cluster — ${SECONDS} s per route, ${CONNECTIONS} connections in total, one PostgreSQL + Redis, ${cpus().length} cores`,
    "",
    "| route | 1 instance req/s | p50 / p99 ms | 2 instances req/s (A+B) | p50 / p99 ms | 2 ÷ 1 | failed (1 / 2) | cores busy % (1 / 2) | load generator, % of a core (1 / 2) |",
    "|---|---|---|---|---|---|---|---|---|",
    ...rows.map(
      ({ route, one, two }) =>
        `| \`${route}\` | ${one.rps} | ${one.p50} / ${one.p99} | ${two.rps} | ${two.p50} / ${two.p99} | ${(two.rps / Math.max(1, one.rps)).toFixed(2)} | ${one.failed} / ${two.failed} | ${one.busy} / ${two.busy} | ${one.generator} / ${two.generator} |`,
    ),
    "",
  ].join("\n");
  mkdirSync("bench-results", { recursive: true });
  const file = `bench-results/cluster-${new Date().toISOString().replace(/[:.]/g, "-")}.md`;
  writeFileSync(file, table);
  console.log(`\n${table}\nwritten ${file}`);
} finally {
  await cleanup();
}
process.exit(0);
