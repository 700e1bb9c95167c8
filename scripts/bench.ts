/**
 * npm run bench — the shop's production build, seeded data, and beside it in the
 * same run a bare Next.js app (bench/baseline: one static page, the same Next
 * version): the yardstick. Every shop route is reported as a ratio of the
 * yardstick's requests per second, and its p99 beside the yardstick's. Runs
 * twice: the demo catalogue, then 10,000 extra products.
 *
 *   npm run bench                     # both catalogues
 *   npm run bench -- --only demo      # or --only 10k
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=20 npm run bench
 *   BENCH_ROWS='search|suggest' npm run bench   # only the rows whose label matches (and the yardstick)
 *   BENCH_SKIP_BUILD=1 npm run bench             # reuse the last build (.next) of this checkout for the demo catalogue
 *   BENCH_PG_URL=postgresql://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/0 \
 *     npm run bench -- --only demo --shared     # also the demo catalogue as several instances run it
 *
 * --shared: after each catalogue on the embedded database, the same build
 * again on one instance with PostgreSQL and REDIS_URL (how several instances
 * run: the shared cache, and the in-memory copies checked against it), on a
 * database of its own (mm_bench_*, created on BENCH_PG_URL or
 * TEST_DATABASE_URL, seeded at start-up and dropped at the end) and keys
 * under a prefix of its own (removed at the end), with its own yardstick
 * rows; then a table of both configurations side by side.
 *
 * A second yardstick row is a bare Next.js page rendered on every request
 * (bench/baseline/app/dynamic): what any render costs on this machine, the
 * floor under a never-seen search page, which is rendered too. The realistic
 * never-seen search is also measured at 50 connections.
 *
 * The yardstick is measured before and after the shop's routes and the mean is
 * used, so a machine that slows down during the run skews both sides alike.
 * Each page is measured plain (what the issue's figures use) and with
 * `Accept-Encoding: gzip, br` (what browsers send), against the yardstick
 * measured the same way. Uses its own embedded database under .data/bench-*
 * (or DATABASE_URL when set: then only the catalogue already there is
 * measured). Results are also written to bench-results/<timestamp>.json and a
 * Markdown table to bench-results/<timestamp>.md.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import http from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import pg from "pg";
import { createClient } from "redis";
import { searchLoad } from "./bench-search-load";
import { realisticSearches } from "./bench-search-terms";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3200);
const BASELINE_PORT = PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const BASELINE = `http://127.0.0.1:${BASELINE_PORT}`;
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
const COMPRESSED = { "accept-encoding": "gzip, br" };
const ROWS = process.env.BENCH_ROWS ? new RegExp(process.env.BENCH_ROWS) : null;
const SHARED = process.argv.includes("--shared");
const sharedPg = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL;
if (SHARED && (!sharedPg || !process.env.REDIS_URL)) {
  console.error("--shared needs a PostgreSQL server and Redis: set BENCH_PG_URL (or TEST_DATABASE_URL) and REDIS_URL.");
  process.exit(2);
}

/**
 * Search terms nobody asked for before, one per request, shaped like what
 * shoppers type rather than random strings (which only time the "nothing
 * found" path): a catalogue word, its plural or a typo of it (which takes the
 * correction path: "walnot" is searched as "walnut" and offered as "Did you
 * mean …?"), followed by a second word — a catalogue word, a plural, a typo
 * or an everyday word that matches nothing (which corrects or finds nothing) —
 * in one of the five orders. 18 × 30 × 5 = 2,700 distinct searches, then
 * each again with a third word of the second list (81,000 in all) before any
 * repeats (a run that gets that far fails, naming the row), so neither the shop's search cache nor the page cache
 * has seen a term before; many match dozens to hundreds of products at 10k,
 * so ranking and the corrected search are timed as well as the empty page.
 * This grid is kept as the "(grid)" row; the "(realistic)" rows draw from
 * scripts/bench-search-terms.ts (pairs of catalogue and everyday words, most
 * matching nothing, plurals, one typo in three), a deterministic sequence of
 * distinct terms: each realistic row takes its own stretch of it.
 */
const FIRST_WORDS = ["walnut", "maple", "cherry", "oak", "bowl", "jig", "bowls", "tables", "stools", "clamps", "boards", "walnot", "mapel", "chery", "bowel", "tabel", "stoool", "drawr"];
const SECOND_WORDS = [
  "bowl",
  "table",
  "stool",
  "board",
  "box",
  "shelf",
  "lamp",
  "spoon",
  "vase",
  "tray",
  "bowls",
  "tables",
  "boxes",
  "sets",
  "jigs",
  "tabel",
  "shelv",
  "lamb",
  "spon",
  "trey",
  "gift",
  "kitchen",
  "modern",
  "small",
  "large",
  "handmade",
  "natural",
  "round",
  "set",
  "pair",
];
const SORTS = ["featured", "newest", "price-low", "price-high", "popular"];
/** The grid: two words in one of five orders (2,700), then again with a third word of the second list (× 30), so a fast search never runs out. */
const GRID_PAIRS = FIRST_WORDS.length * SECOND_WORDS.length * SORTS.length;
const FRESH_SEQUENCE = GRID_PAIRS * (1 + SECOND_WORDS.length);
/**
 * Warm-up for never-seen searches: the last 200 searches of the sequence, one after another, before
 * the measured run (which starts near the beginning and must not reach them). Repeating one term, as
 * the cached rows' warm-up does, runs the uncached path once and then only hits the search cache, so
 * the measured run used to include the JIT compiling that path (its first seconds ran at about half
 * the rate of the rest).
 */
const WARM_FRESH = 200;
/** The realistic sequence, and the stretch of it each realistic row uses (its warm-up: the last WARM_FRESH of the whole sequence). */
const REALISTIC_STRETCH = 40_000;
const REALISTIC = realisticSearches(4 * REALISTIC_STRETCH + WARM_FRESH);
/** Rows that ran out of never-seen terms and repeated some (cache hits): the run fails at the end, naming them. */
const repeatedRows: string[] = [];
function freshSearch(n: number): string {
  const first = FIRST_WORDS[n % FIRST_WORDS.length];
  const second = SECOND_WORDS[Math.floor(n / FIRST_WORDS.length) % SECOND_WORDS.length];
  const sort = SORTS[Math.floor(n / (FIRST_WORDS.length * SECOND_WORDS.length)) % SORTS.length];
  const round = Math.floor(n / GRID_PAIRS);
  const third = round ? `+${SECOND_WORDS[round - 1]}` : "";
  return `/shop?search=${first}+${second}${third}${sort === "featured" ? "" : `&sort=${sort}`}`;
}

/** shellShare: of never-seen search pages, the share (%) answered with the results shell, whose results were then loaded and timed with it. */
type Row = {
  shellShare?: number;
  route: string;
  label: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  kb: number;
  ratio?: number;
  /** An API row against the bare route handler (yardstick, route). */
  routeRatio?: number;
  p99x?: number;
  gzip?: boolean;
};

function sh(cmd: string, args: string[], env: NodeJS.ProcessEnv) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${r.status})`);
}

async function waitFor(url: string, timeoutMs = 180_000) {
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

/** Bytes of one response body as sent (compressed when the server compressed it). */
function responseKb(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on("data", (c: Buffer) => (bytes += c.length));
        res.on("end", () => resolve(Math.round((bytes / 1024) * 10) / 10));
      })
      .on("error", reject);
  });
}

type Target = {
  label: string;
  url: string;
  headers?: Record<string, string>;
  /** A never-seen target for the n-th request, its warm-up targets, and how many it may take before it repeats one. */
  fresh?: (n: number) => string;
  warm?: string[];
  freshLimit?: number;
  connections?: number;
  /** Never-seen search pages, timed with their results when the shop answers with the results shell (scripts/bench-search-load.ts). */
  searchPages?: boolean;
  /** This many requests one after another (one connection): what a single shopper waits, on a quiet server. */
  oneAtATime?: number;
};

/** `count` never-seen requests one after another, each timed from request to last byte. */
async function measureOneAtATime(t: Target & { fresh: (n: number) => string }, count: number): Promise<Row> {
  const times: number[] = [];
  const started = performance.now();
  let non2xx = 0;
  for (let n = 0; n < count; n++) {
    const start = performance.now();
    const response = await fetch(new URL(t.fresh(n), t.url));
    await response.arrayBuffer();
    times.push(performance.now() - start);
    if (!response.ok) non2xx++;
  }
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 10) / 10;
  console.log(`\n  one at a time: median ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms`);
  const url = new URL(t.url);
  return {
    route: url.pathname + url.search,
    label: `${t.label} (median ${at(0.5)} ms, p90 ${at(0.9)} ms)`,
    connections: 1,
    rps: Math.round(count / seconds),
    p50: at(0.5),
    p99: at(0.99),
    errors: 0,
    non2xx,
    kb: 0,
    gzip: false,
  };
}

async function measure(t: Target): Promise<Row> {
  // Warm: fill caches (first render of ISR pages, data cache); for never-seen searches, run the uncached path itself.
  if (t.fresh) for (const target of t.warm ?? []) await fetch(new URL(target, t.url)).then((r) => r.arrayBuffer());
  else for (let i = 0; i < 5; i++) await fetch(t.url, { headers: t.headers }).then((r) => r.arrayBuffer());
  if (t.oneAtATime && t.fresh) return measureOneAtATime({ ...t, fresh: t.fresh }, t.oneAtATime);
  const url = new URL(t.url);
  let n = 0;
  if (t.searchPages && t.fresh) {
    const load = await searchLoad({ base: t.url, connections: t.connections ?? CONNECTIONS, seconds: SECONDS, next: (i) => t.fresh!(i) });
    n = load.searches;
    const repeatedLoad = t.freshLimit !== undefined && n > t.freshLimit;
    if (repeatedLoad) {
      console.warn(`\n  ${n} never-seen searches: more than the sequence holds, so some answers were cache hits`);
      repeatedRows.push(t.label);
    }
    const shellShare = load.searches ? Math.round((load.shells / load.searches) * 100) : 0;
    return {
      route: url.pathname + url.search,
      label: `${t.label}${repeatedLoad ? " (includes repeats: raise the term lists)" : ""}`,
      shellShare,
      connections: t.connections ?? CONNECTIONS,
      rps: load.rps,
      p50: load.p50,
      p99: load.p99,
      errors: load.errors,
      non2xx: load.non2xx,
      kb: 0,
      gzip: false,
    };
  }
  const result = await autocannon({
    url: t.url,
    connections: t.connections ?? CONNECTIONS,
    duration: SECONDS,
    pipelining: 1,
    headers: t.headers,
    // A never-seen term on every request: what an uncached search costs.
    requests: t.fresh ? [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: t.fresh!(n++) }) }] : undefined,
  });
  // Past its share of the sequence, the run repeats searches already answered (the warm-up's, or its own): cache hits, so the row says so.
  const repeated = t.fresh !== undefined && t.freshLimit !== undefined && n > t.freshLimit;
  if (repeated) {
    console.warn(`\n  ${n} never-seen searches: more than the sequence holds, so some answers were cache hits`);
    repeatedRows.push(t.label);
  }
  return {
    route: url.pathname + url.search,
    label: repeated ? `${t.label} (includes repeats: raise the term lists)` : t.label,
    connections: t.connections ?? CONNECTIONS,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    kb: t.fresh ? 0 : await responseKb(t.url, t.headers),
    gzip: Boolean(t.headers),
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

/**
 * The yardstick is built with webpack: Turbopack takes the enclosing repository
 * as its workspace root and bundles the shop's proxy.ts and instrumentation.ts
 * into any app below it, which would make the "bare" app not bare. Serving a
 * prerendered page does not involve the bundler.
 */
function startBaseline(): ChildProcess {
  const next = path.resolve("node_modules/next/dist/bin/next");
  const env = { ...process.env, NODE_ENV: "production" as const, NEXT_TELEMETRY_DISABLED: "1" };
  const r = spawnSync("node", [next, "build", "--webpack"], { cwd: "bench/baseline", stdio: "inherit", env });
  if (r.status !== 0) throw new Error("building the yardstick (bench/baseline) failed");
  return spawn("node", [next, "start", "-p", String(BASELINE_PORT), "-H", "127.0.0.1"], { cwd: "bench/baseline", env, stdio: ["ignore", "ignore", "inherit"], detached: true });
}

function stop(child: ChildProcess) {
  if (child.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  }
}

/** The shop on one instance as several run it: a PostgreSQL database and a Redis prefix of this run's own, removed by drop(). */
async function sharedConfiguration(): Promise<{ env: Record<string, string | undefined>; drop: () => Promise<void> }> {
  const run = randomBytes(4).toString("hex");
  const dbName = `mm_bench_${run}`;
  const prefix = `mmbench:${run}:`;
  const adminSql = async (sql: string) => {
    const client = new pg.Client({ connectionString: sharedPg });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await adminSql(`CREATE DATABASE "${dbName}"`);
  const url = new URL(sharedPg!);
  url.pathname = `/${dbName}`;
  const env = {
    DATABASE_URL: url.toString(),
    REDIS_URL: process.env.REDIS_URL,
    REDIS_PREFIX: prefix,
    PAYMENT_PROVIDER: "test",
    EMBEDDED_DB_DIR: undefined,
    AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(24).toString("base64url"),
  };
  const drop = async () => {
    await adminSql(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch((e) => console.error(`could not drop ${dbName}: ${e.message}`));
    const redis = createClient({ url: process.env.REDIS_URL });
    await redis.connect();
    for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) if (keys.length) await redis.unlink(keys);
    await redis.quit();
  };
  return { env, drop };
}

/** Varnish in front of the shop (deploy/varnish/default.vcl), when varnishd is installed: the CDN rows. */
const VARNISH_PORT = PORT + 2;
const VARNISH = `http://127.0.0.1:${VARNISH_PORT}`;
const VARNISHD = ["/usr/sbin/varnishd", "/usr/local/sbin/varnishd"].find((p) => spawnSync(p, ["-V"]).status === 0) ?? null;

function startVarnish(): { child: ChildProcess; dir: string } | null {
  if (!VARNISHD) return null;
  const dir = mkdtempSync(path.join(tmpdir(), "mm-bench-varnish-"));
  writeFileSync(path.join(dir, "default.vcl"), readFileSync("deploy/varnish/default.vcl", "utf8").replace('.port = "3000";', `.port = "${PORT}";`));
  const child = spawn(VARNISHD, ["-F", "-j", "none", "-T", "none", "-n", path.join(dir, "work"), "-a", `127.0.0.1:${VARNISH_PORT}`, "-f", path.join(dir, "default.vcl"), "-s", "malloc,256m"], {
    stdio: "ignore",
    detached: true,
  });
  return { child, dir };
}

const money = (price: string) => `$${Number(price).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

/**
 * How long a price edit takes to show through Varnish: from sending the edit
 * to the first answer from Varnish with the new price (asked every 5 ms),
 * `samples` times on one product page that Varnish had cached; p50, p99, max in ms.
 */
async function changeVisibility(slug: string, samples: number): Promise<{ p50: number; p99: number; max: number; samples: number }> {
  const login = await fetch(`${BASE}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: process.env.ADMIN_EMAIL ?? "admin@maplemicron.local", password: process.env.ADMIN_PASSWORD ?? "bench-admin-password" }),
  });
  const { token } = (await login.json()) as { token: string };
  const product = (await (await fetch(`${BASE}/api/products/${slug}`)).json()) as { id: number; price: string };
  const times: number[] = [];
  let price = Number(product.price);
  for (let i = 0; i < samples; i++) {
    for (let k = 0; k < 3; k++) await (await fetch(`${VARNISH}/product/${slug}`)).text(); // cached at Varnish
    price += 1;
    const next = price.toFixed(2);
    const start = performance.now();
    const res = await fetch(`${BASE}/api/products/${product.id}`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ price: next }),
    });
    if (!res.ok) throw new Error(`price edit: ${res.status} ${await res.text()}`);
    for (;;) {
      if ((await (await fetch(`${VARNISH}/product/${slug}`)).text()).includes(money(next))) break;
      if (performance.now() - start > 60_000) throw new Error("a price edit did not show through Varnish within 60 s");
      await new Promise((r) => setTimeout(r, 5));
    }
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]);
  return { p50: at(0.5), p99: at(0.99), max: Math.round(times[times.length - 1]), samples };
}

async function runCatalogue(label: string, extraProducts: number, shared?: { env: Record<string, string | undefined> }) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    NODE_ENV: "production",
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? "bench-admin-password",
    RATE_LIMIT_SCALE: "100000",
    // With Varnish in front the shop purges it by tag (and may let it keep pages an hour), in both configurations.
    ...(VARNISHD ? { CDN_PURGE: "varnish", VARNISH_PURGE_URLS: `${VARNISH}/` } : {}),
    ...shared?.env,
  };
  if (shared) {
    // The build just made is reused (the same code); the database is migrated and seeded at start-up,
    // the generated products added here first.
    if (extraProducts) sh("npx", ["tsx", "scripts/db-seed.ts", "--products", String(extraProducts)], env);
  } else if (!process.env.DATABASE_URL) {
    const dir = `.data/bench-${label}`;
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${dir}.owner`, { recursive: true, force: true });
    env.EMBEDDED_DB_DIR = dir;
    if (extraProducts) sh("npx", ["tsx", "scripts/db-seed.ts", "--products", String(extraProducts)], env);
  }
  // The 10k catalogue on the embedded database is always built on its own database: a build made on the
  // demo catalogue served its prerendered pages and answers (45 products) to the 10k run.
  if (!shared && (process.env.BENCH_SKIP_BUILD !== "1" || extraProducts)) {
    console.log(`\n=== ${label}: building ===`);
    sh("npx", ["tsx", "scripts/serve.ts", "build"], env);
  }
  const baseline = startBaseline();
  const varnish = startVarnish();
  const server: ChildProcess = spawn("npx", ["tsx", "scripts/serve.ts", "start"], { env, stdio: ["ignore", "ignore", "inherit"], detached: true });
  try {
    await waitFor(`${BASE}/api/health`);
    await waitFor(`${BASELINE}/`);
    const list = await (await fetch(`${BASE}/api/products?limit=1&sort=newest`)).json();
    const total: number = list.total;
    const slug: string = list.products[0].slug;
    const categories: { slug: string }[] = await (await fetch(`${BASE}/api/categories`)).json().then((c) => (Array.isArray(c) ? c : (c.categories ?? [])));
    const category = categories[0]?.slug ?? "wood";
    const suggest = (await fetch(`${BASE}/api/search/suggest?q=wal`)).status === 200;
    // Where this run starts in the sequences of never-seen searches (the demo and 10k runs are separate servers anyway).
    const offset = randomBytes(2).readUInt16BE() % 100;
    const gridWarm = Array.from({ length: WARM_FRESH }, (_, i) => freshSearch(FRESH_SEQUENCE - WARM_FRESH + i));
    const realisticWarm = REALISTIC.slice(-WARM_FRESH);
    /** The k-th stretch of the realistic sequence, as pages or (api) as GET /api/products searches. */
    const realistic = (k: number, api = false) => ({
      fresh: (n: number) => {
        const target = REALISTIC[k * REALISTIC_STRETCH + offset + n];
        return api ? target.replace("/shop?", "/api/products?") : target;
      },
      warm: api ? realisticWarm.map((target) => target.replace("/shop?", "/api/products?")) : realisticWarm,
      freshLimit: REALISTIC_STRETCH - offset,
    });
    const pages = ["/", "/shop", `/shop/${category}`, "/shop?sort=price-low&page=2", `/product/${slug}`];
    const targets: Target[] = [
      { label: "yardstick (bare Next.js page)", url: `${BASELINE}/` },
      { label: "shop /api/health", url: `${BASE}/api/health` },
      ...pages.map((p) => ({ label: "page", url: BASE + p })),
      { label: "search, repeated term", url: `${BASE}/shop?search=walnut` },
      {
        label: "search, never-seen term (grid)",
        url: `${BASE}/shop?search=new`,
        fresh: (n: number) => freshSearch(n + offset),
        warm: gridWarm,
        freshLimit: FRESH_SEQUENCE - WARM_FRESH - offset,
        searchPages: true,
      },
      { label: "search, never-seen term (realistic)", url: `${BASE}/shop?search=new`, ...realistic(0), searchPages: true },
      { label: "search, never-seen term (realistic, 50 connections)", url: `${BASE}/shop?search=new`, ...realistic(1), connections: 50, searchPages: true },
      { label: "API search, never-seen term (realistic)", url: `${BASE}/api/products?search=new`, ...realistic(2, true) },
      { label: "API search, never-seen term, one at a time", url: `${BASE}/api/products?search=new`, ...realistic(3, true), oneAtATime: 500 },
      { label: "API list", url: `${BASE}/api/products` },
      { label: "API search", url: `${BASE}/api/products?search=jig&limit=12` },
      ...(suggest ? [{ label: "suggest, repeated prefix", url: `${BASE}/api/search/suggest?q=wal` }] : []),
      { label: "yardstick, dynamic (a bare Next.js page rendered per request)", url: `${BASELINE}/dynamic?q=1` },
      { label: "yardstick, route (a bare Next.js route handler: 16 KB of JSON per request)", url: `${BASELINE}/api/list?q=1` },
      { label: "yardstick, gzip+br", url: `${BASELINE}/`, headers: COMPRESSED },
      ...["/", "/shop", `/product/${slug}`].map((p) => ({ label: "page, gzip+br", url: BASE + p, headers: COMPRESSED })),
      ...(varnish ? ["/shop", `/product/${slug}`].map((p) => ({ label: "page through Varnish (CDN in front)", url: VARNISH + p })) : []),
      ...(varnish ? [{ label: "API list through Varnish (CDN in front)", url: `${VARNISH}/api/products` }] : []),
      { label: "yardstick (bare Next.js page)", url: `${BASELINE}/` },
    ];
    const rows: Row[] = [];
    for (const t of targets.filter((t) => !ROWS || t.label.startsWith("yardstick") || ROWS.test(t.label))) {
      process.stdout.write(`  measuring ${t.label} ${t.url}${t.headers ? " (gzip, br)" : ""} … `);
      const row = await measure(t);
      rows.push(row);
      console.log(`${row.rps} req/s, p99 ${row.p99} ms`);
    }
    const plainYard = rows.filter((r) => r.label.startsWith("yardstick (bare"));
    const yard = { rps: (plainYard[0].rps + plainYard[1].rps) / 2, p99: Math.max(plainYard[0].p99, plainYard[1].p99) };
    const gzYard = rows.find((r) => r.label === "yardstick, gzip+br")!;
    const routeYard = rows.find((r) => r.label.startsWith("yardstick, route"))!;
    for (const r of rows) {
      const y = r.gzip ? gzYard : yard;
      r.ratio = Math.round((r.rps / y.rps) * 100) / 100;
      r.p99x = Math.round((r.p99 / Math.max(1, y.p99)) * 10) / 10;
      // The shop's API rows against a bare route handler too: what any route costs on this machine.
      if (r.route.startsWith("/api/") && r.connections === CONNECTIONS) r.routeRatio = Math.round((r.rps / routeYard.rps) * 100) / 100;
    }
    const js: Record<string, number> = {};
    for (const page of ["/", "/shop", `/product/${slug}`, "/gallery", "/contact", "/cart", "/checkout"]) js[page] = await pageJsKb(page);
    console.log(`\n${label}: ${total} public products, ${CONNECTIONS} connections, ${SECONDS} s per route`);
    console.table(
      rows.map((r) => ({
        what: r.label,
        shell: r.shellShare === undefined ? "" : `${r.shellShare} %`,
        route: r.route,
        conns: r.connections,
        "req/s": r.rps,
        "× yardstick": r.ratio,
        "p50 ms": r.p50,
        "p99 ms": r.p99,
        "p99 × yardstick": r.p99x,
        "KB sent": r.kb,
        errors: r.errors,
        non2xx: r.non2xx,
      })),
    );
    console.log("JavaScript per page (gzipped kB):", js);
    const visibility = varnish ? await changeVisibility(slug, Number(process.env.BENCH_VISIBILITY_SAMPLES ?? 40)) : undefined;
    if (visibility) console.log(`A price edit visible through Varnish (${visibility.samples} edits): p50 ${visibility.p50} ms, p99 ${visibility.p99} ms, max ${visibility.max} ms`);
    else console.log(VARNISHD ? "" : "No varnishd: the rows through Varnish are skipped (apt-get install varnish varnish-modules).");
    return { label, total, rows, js, visibility };
  } finally {
    stop(server);
    stop(baseline);
    if (varnish) {
      stop(varnish.child);
      rmSync(varnish.dir, { recursive: true, force: true });
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
}

function markdown(results: Result[]): string {
  const out: string[] = [];
  for (const r of results) {
    out.push(`### ${r.label}: ${r.total} public products, ${CONNECTIONS} connections, ${SECONDS} s per route`, "");
    out.push("| what | route | req/s | × yardstick | p99 ms | p99 × yardstick | KB sent | errors+non-2xx |", "|---|---|---|---|---|---|---|---|");
    for (const row of r.rows)
      out.push(
        `| ${row.label}${row.shellShare ? ` (${row.shellShare} % as results shell + API)` : ""} | \`${row.route}\` | ${row.rps} | ${row.ratio}${row.routeRatio ? ` (${row.routeRatio}× the bare route)` : ""} | ${row.p99} | ${row.p99x} | ${row.kb || "—"} | ${row.errors + row.non2xx} |`,
      );
    out.push(
      "",
      "First-load JavaScript (gzipped KB): " +
        Object.entries(r.js)
          .map(([p, kb]) => `\`${p}\` ${kb}`)
          .join(", "),
      "",
    );
    if (r.visibility)
      out.push(`A price edit visible through Varnish (${r.visibility.samples} edits, from sending the edit): p50 ${r.visibility.p50} ms, p99 ${r.visibility.p99} ms, max ${r.visibility.max} ms`, "");
  }
  return out.join("\n");
}

/** Each row of `one` beside the same row of `other` (× their own yardstick), and other ÷ one. */
function sideBySide(one: Result, other: Result): string {
  const out = [
    `### ${one.label} beside ${other.label}`,
    "",
    `| what | route | ${one.label} req/s (× yardstick) | ${other.label} req/s (× yardstick) | ${other.label} ÷ ${one.label} |`,
    "|---|---|---|---|---|",
  ];
  one.rows.forEach((row, i) => {
    const twin = other.rows[i];
    if (!twin || twin.label !== row.label) return;
    const route = row.route.replace(/^\/product\/.*/, "/product/…");
    out.push(`| ${row.label} | \`${route}\` | ${row.rps} (${row.ratio}) | ${twin.rps} (${twin.ratio}) | ${(twin.rps / Math.max(1, row.rps)).toFixed(2)} |`);
  });
  return out.join("\n") + "\n";
}

type Result = Awaited<ReturnType<typeof runCatalogue>>;
const results: Result[] = [];
/** Each catalogue on the embedded database beside the same catalogue as several instances run it (--shared). */
const pairs: Array<[Result, Result]> = [];
async function runShared(label: string, extraProducts: number): Promise<Result> {
  const shared = await sharedConfiguration();
  try {
    return await runCatalogue(label, extraProducts, shared);
  } finally {
    await shared.drop();
  }
}
for (const [label, extraProducts] of [
  ["demo", 0],
  ["10k", 10_000],
] as const) {
  if (only && only !== label) continue;
  if (extraProducts && process.env.DATABASE_URL) continue;
  const embedded = await runCatalogue(label, extraProducts);
  results.push(embedded);
  if (!SHARED) continue;
  const shared = await runShared(`${label}, PostgreSQL + REDIS_URL`, extraProducts);
  results.push(shared);
  pairs.push([embedded, shared]);
}
mkdirSync("bench-results", { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const comparison = pairs.map(([one, other]) => sideBySide(one, other)).join("\n");
writeFileSync(`bench-results/${stamp}.json`, JSON.stringify({ connections: CONNECTIONS, seconds: SECONDS, results }, null, 2));
writeFileSync(`bench-results/${stamp}.md`, markdown(results) + comparison);
console.log("\n" + markdown(results) + comparison);
console.log(`written bench-results/${stamp}.json and .md`);
if (repeatedRows.length) {
  console.error(`\nThe bench repeated never-seen terms (so some were cache hits) in: ${repeatedRows.join("; ")}. Raise REALISTIC_STRETCH or the term lists.`);
  process.exit(1);
}
process.exit(0);
