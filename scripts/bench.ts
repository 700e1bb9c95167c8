/**
 * npm run bench — production build, seeded data, one server, every catalogue
 * route measured against a trivial baseline route served by the same server.
 * Runs twice: the demo catalogue, then 10,000 extra products.
 *
 *   npm run bench                     # both catalogues
 *   npm run bench -- --only demo      # or --only 10k
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=20 npm run bench
 *
 * Uses its own embedded database under .data/bench-* (or DATABASE_URL when
 * set, then only the catalogue already there is measured). Results are also
 * written to bench-results/<timestamp>.json.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3200);
const BASE = `http://127.0.0.1:${PORT}`;
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;

type Row = { route: string; rps: number; p50: number; p99: number; errors: number; non2xx: number; ratio?: number };

function sh(cmd: string, args: string[], env: NodeJS.ProcessEnv) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${r.status})`);
}

async function waitFor(url: string, timeoutMs = 120_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer ${url}`);
}

async function measure(path: string): Promise<Row> {
  // warm: fill caches (first render of ISR pages, data cache)
  for (let i = 0; i < 5; i++) await fetch(BASE + path).then((r) => r.arrayBuffer());
  const result = await autocannon({ url: BASE + path, connections: CONNECTIONS, duration: SECONDS, pipelining: 1 });
  return {
    route: path,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Gzipped size of the JavaScript a modern browser loads for a page (its <script src> chunks; `noModule` polyfills excluded). */
async function pageJsKb(path: string): Promise<number> {
  const html = await (await fetch(BASE + path)).text();
  const srcs = [...new Set([...html.matchAll(/<script([^>]+)>/g)].filter((m) => !/noModule/i.test(m[1])).flatMap((m) => /src="([^"]+\.js[^"]*)"/.exec(m[1])?.[1] ?? []))];
  let total = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, BASE))).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return Math.round((total / 1024) * 10) / 10;
}

async function runCatalogue(label: string, extraProducts: number) {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), NODE_ENV: "production", ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? "bench-admin-password" };
  if (!process.env.DATABASE_URL) {
    const dir = `.data/bench-${label}`;
    rmSync(dir, { recursive: true, force: true });
    env.EMBEDDED_DB_DIR = dir;
    if (extraProducts) sh("npx", ["tsx", "scripts/db-seed.ts", "--products", String(extraProducts)], env);
  }
  console.log(`\n=== ${label}: building ===`);
  sh("npx", ["tsx", "scripts/serve.ts", "build"], env);
  const server: ChildProcess = spawn("npx", ["tsx", "scripts/serve.ts", "start"], { env, stdio: ["ignore", "ignore", "inherit"], detached: true });
  try {
    await waitFor(`${BASE}/api/health`);
    const list = await (await fetch(`${BASE}/api/products?limit=1&sort=newest`)).json();
    const total: number = list.total;
    const slug: string = list.products[0].slug;
    const routes = ["/api/health", "/", "/shop", "/shop?search=walnut", "/shop?sort=price-low&page=2", `/product/${slug}`, "/api/products", "/api/products?search=jig&limit=12"];
    const rows: Row[] = [];
    for (const route of routes) {
      process.stdout.write(`  measuring ${route} … `);
      const row = await measure(route);
      rows.push(row);
      console.log(`${row.rps} req/s`);
    }
    const baseline = rows[0].rps;
    for (const r of rows) r.ratio = Math.round((r.rps / baseline) * 100) / 100;
    const js: Record<string, number> = {};
    for (const page of ["/", "/shop", `/product/${slug}`, "/gallery", "/contact"]) js[page] = await pageJsKb(page);
    console.log(`\n${label}: ${total} public products, ${CONNECTIONS} connections, ${SECONDS} s per route`);
    console.table(rows.map((r) => ({ route: r.route, "req/s": r.rps, "p50 ms": r.p50, "p99 ms": r.p99, "× baseline": r.ratio, errors: r.errors, non2xx: r.non2xx })));
    console.log("JavaScript per page (gzipped kB):", js);
    return { label, total, rows, js };
  } finally {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
    await new Promise((r) => setTimeout(r, 2000));
  }
}

const results = [];
if (!only || only === "demo") results.push(await runCatalogue("demo", 0));
if (!process.env.DATABASE_URL && (!only || only === "10k")) results.push(await runCatalogue("10k", 10_000));
mkdirSync("bench-results", { recursive: true });
const file = `bench-results/${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
writeFileSync(file, JSON.stringify({ connections: CONNECTIONS, seconds: SECONDS, results }, null, 2));
console.log(`\nwritten ${file}`);
process.exit(0);
