/**
 * npm run bench:cluster — two production instances on one PostgreSQL database
 * and one Redis (the shared cache and rate limits), the load spread across
 * both (one autocannon run per instance, in parallel, half the connections
 * each), beside one instance taking the same total load, for `/`, `/shop`, a
 * product page and `GET /api/products`, and for never-seen searches (pages and
 * API: the work no cache in front can take; BENCH_ROWS picks rows by label); and the two instances again with as
 * many connections each as the one had. Prints Markdown tables (also written
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
 *
 * So each instance runs in a CPU cgroup of its own, capped at
 * BENCH_INSTANCE_CPUS of a core (default 0.4; 0 runs them uncapped): one
 * instance then has 0.4 of a core, two have 0.4 each, and the load generator,
 * PostgreSQL and Redis keep the rest of the machine. Two instances serving
 * twice what one serves is then possible, and a ratio below it is the
 * instances' own cost (the shared cache, its generation reads): what the
 * issue's "two instances serve ≥ 1.6× one when the load generator is not the
 * limit" asks, on a machine with too few cores to give each instance one of
 * its own. The cap needs a writable cgroup CPU controller (cgroup v1's
 * /sys/fs/cgroup/cpu, or v2's cpu.max; root in a container usually has one);
 * without it the run says so and runs uncapped.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import autocannon from "autocannon";
import pg from "pg";
import { createClient } from "redis";
import { searchLoad } from "./bench-search-load";
import { realisticSearches } from "./bench-search-terms";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3200);
const pgServer = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!pgServer || !redisUrl) {
  console.error(
    "bench:cluster needs a PostgreSQL server and Redis: set BENCH_PG_URL (or TEST_DATABASE_URL), e.g. postgresql://postgres@127.0.0.1:5432/postgres, and REDIS_URL, e.g. redis://127.0.0.1:6379/0.",
  );
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
    const ok = await fetch(url, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.ok,
      () => false,
    );
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

const INSTANCE_CPUS = Number(process.env.BENCH_INSTANCE_CPUS ?? 0.4);
const PERIOD_US = 10_000; // a short period: throttling in 6 ms slices, not 60 ms ones

/**
 * A CPU cgroup capped at INSTANCE_CPUS of a core (cgroup v1's cpu controller,
 * else v2's cpu.max), or why there is none. Its processes: cgroup.procs.
 */
function cappedGroup(name: string): { dir: string } | { reason: string } {
  if (!(INSTANCE_CPUS > 0)) return { reason: "BENCH_INSTANCE_CPUS=0" };
  const quota = String(Math.round(INSTANCE_CPUS * PERIOD_US));
  try {
    if (existsSync("/sys/fs/cgroup/cpu/cpu.cfs_quota_us")) {
      const dir = `/sys/fs/cgroup/cpu/${name}`;
      mkdirSync(dir);
      writeFileSync(`${dir}/cpu.cfs_period_us`, String(PERIOD_US));
      writeFileSync(`${dir}/cpu.cfs_quota_us`, quota);
      return { dir };
    }
    if (readFileSync("/sys/fs/cgroup/cgroup.controllers", "utf8").split(/\s+/).includes("cpu")) {
      writeFileSync("/sys/fs/cgroup/cgroup.subtree_control", "+cpu");
      const dir = `/sys/fs/cgroup/${name}`;
      mkdirSync(dir);
      writeFileSync(`${dir}/cpu.max`, `${quota} ${PERIOD_US}`);
      return { dir };
    }
    return { reason: "no cgroup CPU controller is mounted" };
  } catch (error) {
    return { reason: `the cgroup CPU controller is not writable here (${(error as Error).message})` };
  }
}

const groups = ["a", "b"].map((id) => cappedGroup(`mm-bench-cluster-${run}-${id}`));
const capped = groups.every((g) => "dir" in g);
if (!capped) {
  for (const g of groups) if ("dir" in g) rmdirSync(g.dir);
  console.warn(`instances run uncapped: ${groups.map((g) => ("reason" in g ? g.reason : "")).find(Boolean)}; the machine's cores may be the limit.`);
}

/** Removes a cgroup once its processes have exited. */
async function removeGroup(group: { dir: string } | { reason: string }) {
  if (!("dir" in group)) return;
  for (let i = 0; i < 20; i++) {
    try {
      return rmdirSync(group.dir);
    } catch {
      await new Promise((r) => setTimeout(r, 500)); // its processes are still exiting
    }
  }
  console.error(`could not remove the cgroup ${group.dir}`);
}

/** An instance, in its capped cgroup when there is one (the shell joins it, then becomes the server; its children stay in it). */
function start(port: number, group: { dir: string } | { reason: string }): ChildProcess {
  const command = [process.execPath, "--import", "tsx", "scripts/serve.ts", "start"];
  const [file, args] = capped && "dir" in group ? ["sh", ["-c", 'echo $$ > "$0/cgroup.procs" && exec "$@"', group.dir, ...command]] : [command[0], command.slice(1)];
  return spawn(file, args, { env: { ...env, PORT: String(port) }, stdio: ["ignore", "ignore", "inherit"], detached: true });
}

function stop(child: ChildProcess | undefined) {
  if (child?.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  }
}

type Load = { rps: number; p50: number; p99: number; failed: number; busy: number; generator: number; instances: number; cpuPerRequest: number };

/** CPU time (clock ticks, user + system) of every process in the instances' process groups (each instance starts its own: detached). */
function instancesCpu(): number {
  const groups = new Set([a?.pid, b?.pid].filter(Boolean).map(String));
  let ticks = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      // Fields after the command name (which may hold spaces): state ppid pgrp … utime (14th field) stime (15th).
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").pop()!.split(" ");
      if (groups.has(fields[2])) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {} // gone meanwhile
  }
  return ticks;
}
const TICKS_PER_SECOND = 100;

/** The machine's CPU time so far (all cores), and the part of it spent idle, in clock ticks (/proc/stat). */
function machineCpu(): { idle: number; total: number } {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  return { idle: fields[3] + (fields[4] ?? 0), total: fields.reduce((sum, n) => sum + n, 0) };
}

/**
 * What a route's load is: a cached page or API answer asked again and again, or never-seen searches
 * (what no cache in front can answer: each one reaches an instance), as a results page with its
 * results when the shop answers with the results shell (scripts/bench-search-load.ts), or as
 * GET /api/products?search=…. Each instance draws its own stretch of the realistic sequence, so one
 * never asks for a term the other has just cached in the shared cache.
 */
type Route = { label: string; path: string; search?: "pages" | "api" };
type Served = { total: number; rps: number; p50: number; p99: number; failed: number };

const SEARCHES = realisticSearches(40_000);
const STRETCH = 5_000;
let stretches = 0;

async function serve(base: string, route: Route, connections: number, seconds: number): Promise<Served> {
  if (route.search) {
    const from = (stretches++ % (SEARCHES.length / STRETCH)) * STRETCH;
    const next = (n: number) => {
      const target = SEARCHES[from + (n % STRETCH)];
      return route.search === "api" ? target.replace("/shop?", "/api/products?") : target;
    };
    if (route.search === "pages") {
      const r = await searchLoad({ base, connections, seconds, next });
      return { total: r.searches, rps: r.rps, p50: r.p50, p99: r.p99, failed: r.errors + r.non2xx };
    }
    let n = 0;
    const r = await autocannon({ url: base, connections, duration: seconds, pipelining: 1, requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: next(n++) }) }] });
    return { total: r.requests.total, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failed: r.errors + r.timeouts + r.non2xx };
  }
  const r = await autocannon({ url: base + route.path, connections, duration: seconds, pipelining: 1 });
  return { total: r.requests.total, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failed: r.errors + r.timeouts + r.non2xx };
}

async function load(bases: string[], route: Route, connections: number, seconds = SECONDS): Promise<Load> {
  const each = Math.max(1, Math.floor(connections / bases.length));
  const machineBefore = machineCpu();
  const selfBefore = process.cpuUsage();
  const instancesBefore = instancesCpu();
  const started = Date.now();
  const results = await Promise.all(bases.map((base) => serve(base, route, each, seconds)));
  const machineAfter = machineCpu();
  const self = process.cpuUsage(selfBefore);
  const instanceSeconds = (instancesCpu() - instancesBefore) / TICKS_PER_SECOND;
  const served = results.reduce((sum, r) => sum + r.total, 0);
  return {
    /** Share of all cores' time spent busy during the run (%). */
    busy: Math.round(100 * (1 - (machineAfter.idle - machineBefore.idle) / Math.max(1, machineAfter.total - machineBefore.total))),
    /** The load generator's CPU, in % of one core. */
    generator: Math.round((100 * (self.user + self.system)) / 1000 / Math.max(1, Date.now() - started)),
    /** The instances' CPU (both, when two ran), in % of one core. */
    instances: Math.round((100 * instanceSeconds * 1000) / Math.max(1, Date.now() - started)),
    /** The instances' CPU per request served, in µs. */
    cpuPerRequest: Math.round((instanceSeconds * 1e6) / Math.max(1, served)),
    rps: Math.round(results.reduce((sum, r) => sum + r.rps, 0)),
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    failed: results.reduce((sum, r) => sum + r.failed, 0),
  };
}

let a: ChildProcess | undefined;
let b: ChildProcess | undefined;
const cleanup = async () => {
  stop(a);
  stop(b);
  await new Promise((r) => setTimeout(r, 3000));
  for (const group of capped ? groups : []) await removeGroup(group);
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
  a = start(PORT, groups[0]);
  b = start(PORT + 1, groups[1]);
  await Promise.all([waitFor(`${A}/api/ready`), waitFor(`${B}/api/ready`)]);
  const list = await (await fetch(`${A}/api/products?limit=1&sort=newest`)).json();
  const cached: Route[] = ["/", "/shop", `/product/${list.products[0].slug}`, "/api/products"].map((path) => ({ label: `\`${path}\``, path }));
  const searches: Route[] = [
    { label: "never-seen search page (realistic)", path: "/shop?search=…", search: "pages" },
    { label: "never-seen API search (realistic)", path: "/api/products?search=…", search: "api" },
  ];
  const routes = process.env.BENCH_ROWS ? [...cached, ...searches].filter((r) => new RegExp(process.env.BENCH_ROWS!).test(r.label)) : [...cached, ...searches];

  // Two ways to load two instances: the same shoppers split between them (CONNECTIONS in all), and
  // twice the shoppers (CONNECTIONS each, as one instance had). An instance's CPU per request rises as
  // its concurrent requests fall (fewer requests share each turn of its event loop and each shared-cache
  // generation read), so the split load measures that as well as the instances' own cost.
  const rows: { route: string; one: Load; two: Load; twoEach: Load }[] = [];
  for (const route of routes) {
    // Warm both instances (the shared cache, and the JIT: the first seconds under load are slower).
    if (!route.search) for (const base of [A, B]) for (let i = 0; i < 5; i++) await fetch(base + route.path).then((r) => r.arrayBuffer());
    await load([A, B], route, CONNECTIONS, 3);
    process.stdout.write(`  ${route.label}: one instance … `);
    const one = await load([A], route, CONNECTIONS);
    process.stdout.write(`${one.rps} req/s; two instances … `);
    const two = await load([A, B], route, CONNECTIONS);
    process.stdout.write(`${two.rps} req/s; two instances, ${CONNECTIONS} connections each … `);
    const twoEach = await load([A, B], route, 2 * CONNECTIONS);
    console.log(`${twoEach.rps} req/s`);
    rows.push({ route: route.label, one, two, twoEach });
  }

  const section = (title: string, pick: (row: (typeof rows)[number]) => Load) => [
    title,
    "",
    "| route | 1 instance req/s | p50 / p99 ms | 2 instances req/s (A+B) | p50 / p99 ms | 2 ÷ 1 | failed (1 / 2) | cores busy % (1 / 2) | load generator, % of a core (1 / 2) | instances' CPU, % of a core (1 / 2) | instances' CPU per request, µs (1 / 2) |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map((row) => {
      const { route, one } = row;
      const two = pick(row);
      return `| ${route} | ${one.rps} | ${one.p50} / ${one.p99} | ${two.rps} | ${two.p50} / ${two.p99} | ${(two.rps / Math.max(1, one.rps)).toFixed(2)} | ${one.failed} / ${two.failed} | ${one.busy} / ${two.busy} | ${one.generator} / ${two.generator} | ${one.instances} / ${two.instances} | ${one.cpuPerRequest} / ${two.cpuPerRequest} |`;
    }),
    "",
  ];
  const table = [
    `### bench:cluster — ${SECONDS} s per route, one PostgreSQL + Redis, ${cpus().length} cores, ${capped ? `each instance capped at ${INSTANCE_CPUS} of a core (its own CPU cgroup)` : "instances uncapped"}`,
    "",
    ...section(`#### The same shoppers split: ${CONNECTIONS} connections in all, half on each of two instances`, (row) => row.two),
    ...section(`#### Twice the shoppers: ${CONNECTIONS} connections on each instance, as the one instance had`, (row) => row.twoEach),
  ].join("\n");
  mkdirSync("bench-results", { recursive: true });
  const file = `bench-results/cluster-${new Date().toISOString().replace(/[:.]/g, "-")}.md`;
  writeFileSync(file, table);
  console.log(`\n${table}\nwritten ${file}`);
} finally {
  await cleanup();
}
process.exit(0);
