/**
 * npm run lighthouse — Lighthouse 12 (mobile preset, its default simulated
 * throttling) against the shop's production build on its own embedded
 * database (.data/lighthouse) and port (LIGHTHOUSE_PORT, default 3250), in the
 * Chromium the browser tests use (tests/e2e/chromium.ts). For each page: the
 * performance, accessibility, best-practices and SEO scores, Total Blocking
 * Time and Cumulative Layout Shift, printed and written as a Markdown table to
 * bench-results/lighthouse-<timestamp>.md, followed by every audit that did not
 * pass in the last three categories (the full JSON reports go beside it).
 * /checkout is measured twice: with an empty cart (what a fresh visitor, and
 * Lighthouse by default, gets) and with one item in the cart (seeded in
 * localStorage, so Lighthouse's storage reset is off for that run).
 * Each page is audited several times (3, or --runs N) and the median run is reported (Lighthouse's
 * own computeMedianRun: the run nearest the median first contentful paint and time to interactive,
 * as its docs advise against reading one run), with every run's TBT beside it: on a shared machine
 * one run's TBT can be twice another's. The one-item checkout's runs after the first keep the
 * browser's cache as well as the cart (its storage is not reset), so they are warm loads.
 * Installs nothing: a missing Chromium is an error (`npx tsx scripts/ensure-chromium.ts`).
 *
 *   npm run lighthouse
 *   npm run lighthouse -- --skip-build     # reuse .next from an earlier build
 *   npm run lighthouse -- --runs 5
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { chromium } from "playwright-core";
import { findChromium } from "../tests/e2e/chromium";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3250);
const BASE = `http://127.0.0.1:${PORT}`;
const DB_DIR = ".data/lighthouse";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const RUNS = process.argv.includes("--runs") ? Number(process.argv[process.argv.indexOf("--runs") + 1]) : 3;
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 20) throw new Error("--runs takes a whole number from 1 to 20");
/** Lighthouse's runtime errors about its own trace, not the page ("Please run Lighthouse again"). */
const RETRYABLE = new Set(["NO_NAVSTART", "NO_FCP", "NO_LCP", "NO_TRACING_STARTED", "NO_SPEEDLINE_FRAMES", "SPEEDINDEX_OF_ZERO", "NO_DCL", "NO_RESOURCE_REQUEST"]);

type Product = { id: number; slug: string; name: string; price: string; images: string[]; uniqueItem: boolean; sold: boolean };
type PageResult = { path: string; scores: Record<(typeof CATEGORIES)[number], number>; tbt: number; tbtRuns: number[]; cls: number; failing: string[]; report: string };

async function waitFor(url: string, timeoutMs = 180_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer ${url}`);
}

function stop(child: ChildProcess) {
  if (child.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  }
}

/** Puts one line in the shop's persisted cart (the browser's default profile, which Lighthouse's tab shares). */
async function seedCart(debuggingPort: number, product: Product) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${BASE}/api/health`);
  const cart = {
    state: {
      cartItems: [
        {
          id: String(product.id),
          productId: product.id,
          slug: product.slug,
          name: product.name,
          price: product.price,
          image: product.images[0] ?? null,
          quantity: 1,
          uniqueItem: product.uniqueItem,
          unavailable: null,
        },
      ],
      cartCount: 1,
    },
    version: 0,
  };
  await page.evaluate((value) => localStorage.setItem("cart-storage", value), JSON.stringify(cart));
  // The checkout must show the line, or the figures would be the empty cart's.
  await page.goto(`${BASE}/checkout`);
  await page.getByTestId("order-summary").getByText(product.name).first().waitFor({ state: "attached", timeout: 30_000 });
  await page.close();
  // Leaves the browser running: closing a CDP connection does not close Chrome.
  await browser.close();
}

/** RUNS audits of one page; the median run's figures, and every run's TBT. */
async function audit(port: number, path: string, keepStorage: boolean): Promise<PageResult> {
  const runs: { lhr: import("lighthouse").Result; report: string }[] = [];
  for (let attempt = 1; runs.length < RUNS; attempt++) {
    const result = await lighthouse(`${BASE}${path}`, { port, output: "json", logLevel: "error", disableStorageReset: keepStorage });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const error = result.lhr.runtimeError;
    // A run whose trace came out unusable (Lighthouse itself says "run again") is run again, twice at most; any other error stops.
    if (error && RETRYABLE.has(error.code) && attempt - runs.length <= 2) {
      console.log(`  ${path}: ${error.code}, running again`);
      continue;
    }
    if (error) throw new Error(`${path}: ${error.code} ${error.message}`);
    runs.push({ lhr: result.lhr, report: result.report as string });
  }
  const median = computeMedianRun(runs.map((r) => r.lhr));
  const { lhr, report } = runs.find((r) => r.lhr === median) ?? runs[0];
  const tbts = runs.map((r) => Math.round(r.lhr.audits["total-blocking-time"]?.numericValue ?? NaN));
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as PageResult["scores"];
  const failing: string[] = [];
  for (const c of CATEGORIES.slice(1)) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a.score !== null && a.score < 1) failing.push(`${c}: ${a.id} — ${a.title}`);
    }
  }
  return {
    path,
    scores,
    tbt: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN),
    tbtRuns: tbts,
    cls: Math.round((lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN) * 1000) / 1000,
    failing,
    report,
  };
}

function markdown(results: PageResult[], chromePath: string): string {
  const lines = [
    `# Lighthouse ${new Date().toISOString()}`,
    "",
    `Lighthouse 12, mobile preset with its default (simulated) throttling; production build; Chromium ${chromePath}; per page the median of ${RUNS} run${RUNS === 1 ? "" : "s"} (Lighthouse's computeMedianRun), with each run's TBT.`,
    "",
    "| Page | Performance | Accessibility | Best practices | SEO | TBT (ms) | TBT of each run (ms) | CLS |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...results.map((r) => `| ${r.path} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores["best-practices"]} | ${r.scores.seo} | ${r.tbt} | ${r.tbtRuns.join(", ")} | ${r.cls} |`),
  ];
  const failing = results.filter((r) => r.failing.length);
  if (failing.length) {
    lines.push("", "## Audits not passed (accessibility, best practices, SEO)", "");
    for (const r of failing) lines.push(`- ${r.path}`, ...r.failing.map((f) => `  - ${f}`));
  }
  return lines.join("\n") + "\n";
}

async function main() {
  const found = findChromium();
  if (!found) throw new Error("No Chromium found: run `npx tsx scripts/ensure-chromium.ts` (or set PLAYWRIGHT_CHROMIUM_PATH).");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    NODE_ENV: "production",
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? "lighthouse-admin-password",
    PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER ?? "test",
  };
  if (!process.env.DATABASE_URL) {
    rmSync(DB_DIR, { recursive: true, force: true });
    rmSync(`${DB_DIR}.owner`, { recursive: true, force: true });
    env.EMBEDDED_DB_DIR = DB_DIR;
  }
  if (!process.argv.includes("--skip-build")) {
    const build = spawnSync("npx", ["tsx", "scripts/serve.ts", "build"], { stdio: "inherit", env });
    if (build.status !== 0) throw new Error("build failed");
  }
  const server = spawn("npx", ["tsx", "scripts/serve.ts", "start"], { env, stdio: ["ignore", "ignore", "inherit"], detached: true });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitFor(`${BASE}/api/health`);
    const { products } = (await (await fetch(`${BASE}/api/products?limit=100`)).json()) as { products: Product[] };
    const product = products.find((p) => !p.uniqueItem && !p.sold) ?? products[0];
    const pages = ["/", "/shop", `/product/${product.slug}`, "/gallery", "/contact"];
    // Warm: first renders of ISR pages and the data cache are not what a shopper meets.
    for (const p of [...pages, "/checkout"]) for (let i = 0; i < 2; i++) await fetch(BASE + p).then((r) => r.arrayBuffer());

    chrome = await chromeLauncher.launch({ chromePath: found.path, chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
    const results: PageResult[] = [];
    for (const path of pages) {
      console.log(`Lighthouse ${path} ...`);
      results.push(await audit(chrome.port, path, false));
    }
    console.log("Lighthouse /checkout (empty cart) ...");
    results.push({ ...(await audit(chrome.port, "/checkout", false)), path: "/checkout (empty cart)" });
    console.log("Lighthouse /checkout (one item in the cart) ...");
    await seedCart(chrome.port, product);
    results.push({ ...(await audit(chrome.port, "/checkout", true)), path: "/checkout (1 item)" });

    const md = markdown(results, found.path);
    mkdirSync("bench-results", { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = `bench-results/lighthouse-${stamp}.md`;
    writeFileSync(file, md);
    // The full reports, for digging into a figure (open in https://googlechrome.github.io/lighthouse/viewer/).
    mkdirSync(`bench-results/lighthouse-${stamp}`, { recursive: true });
    for (const r of results) writeFileSync(`bench-results/lighthouse-${stamp}/${r.path.slice(1).replace(/[^\w-]+/g, "_") || "home"}.json`, r.report);
    console.log(`\n${md}\nWritten to ${file}`);
  } finally {
    chrome?.kill();
    stop(server);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
