/**
 * A Vercel preview deployment, simulated here: a copy of the project is built
 * the way Vercel builds it (`npm run build` with VERCEL=1, VERCEL_ENV=preview
 * and a PostgreSQL DATABASE_URL, with the build cache Vercel restores: the
 * compiler cache of this checkout's own build) and served the way Vercel serves it (no
 * `npm start` launcher: plain `next start`, so the start-up step runs from
 * instrumentation.ts) on a second, empty PostgreSQL database, as a preview
 * with its own fresh database branch would be. Root ignores file permissions,
 * so "read-only project directory" is checked instead of enforced: every file
 * of the copy outside .next (node_modules included) is listed with its size
 * and mtime before the build and after the walk, and must be unchanged; the
 * processes' temp folder (TMPDIR) is a folder of the test's own. Then a
 * shopper and the maker walk it over HTTP: home → product → cart → test
 * checkout → admin sign-in, with the preview banner and noindex on the way.
 * Needs TEST_DATABASE_URL (skipped with a printed reason otherwise).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPostgresDatabase } from "../../helpers/test-db";
import { cleanEnv, ensureProductionBuild, requirePostgres, sleep, testPort, unrefSleep } from "../../helpers/instances";
import { adminToken, buy, listPublicProducts, pageText } from "../../helpers/shop-http";

const pgServer = requirePostgres("the Vercel preview simulation");
const maybe = pgServer ? describe : describe.skip;

const ROOT = process.cwd();
/** Not copied: build output, local data, test and bench artefacts (node_modules is hard-linked, not copied). */
const SKIP = new Set([".next", ".data", ".git", "node_modules", "test-results", "playwright-report", "blob-report", "coverage", "bench-results", "backups"]);
const admin = { email: "reviewer@example.com", password: "preview-admin-password" };
const BANNER = "Preview — test payments, no emails sent";

/** path → "size:mtime" of every file and folder under `dir` except .next. */
function listing(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string) => {
    const abs = path.join(dir, rel);
    const st = statSync(abs, { throwIfNoEntry: false, bigint: false });
    if (!st) return;
    out.set(rel, st.isDirectory() ? `dir:${st.mtimeMs}` : `${st.size}:${st.mtimeMs}`);
    if (st.isDirectory() && !st.isSymbolicLink()) for (const e of readdirSync(abs)) if (!(rel === "" && e === ".next")) walk(path.join(rel, e));
  };
  walk("");
  return out;
}

function differences(before: Map<string, string>, after: Map<string, string>): string[] {
  const diff: string[] = [];
  for (const [p, v] of after) if (before.get(p) !== v) diff.push(`${before.has(p) ? "changed" : "added"}: ${p || "."}`);
  for (const p of before.keys()) if (!after.has(p)) diff.push(`removed: ${p}`);
  return diff;
}

maybe("a Vercel preview deployment (VERCEL_ENV=preview) on a fresh PostgreSQL database", () => {
  let work: string;
  let app: string;
  let tmp: string;
  let buildDb: { url: string; drop: () => Promise<void> };
  let runDb: { url: string; drop: () => Promise<void> };
  let server: ChildProcess | null = null;
  let serverOutput = "";
  let buildOutput = "";
  let before: Map<string, string>;
  let afterBuild: Map<string, string>;
  const port = testPort(9);
  const base = `http://127.0.0.1:${port}`;

  const vercelEnv = (databaseUrl: string, extra: Record<string, string> = {}) =>
    cleanEnv({
      VERCEL: "1",
      VERCEL_ENV: "preview",
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      TMPDIR: tmp,
      NEXT_TELEMETRY_DISABLED: "1",
      RESEND_API_KEY: undefined,
      UPLOADTHING_TOKEN: undefined,
      ...extra,
    });

  beforeAll(async () => {
    const suffix = randomBytes(4).toString("hex");
    work = mkdtempSync(path.join(tmpdir(), "mm-vercel-"));
    app = path.join(work, "app");
    tmp = path.join(work, "tmp");
    cpSync(ROOT, app, { recursive: true, filter: (src) => !SKIP.has(path.relative(ROOT, src)) });
    mkdirSync(tmp);
    // node_modules as hard links: a full copy is slow, and a symlink out of the project is refused by the bundler.
    const linked = spawnSync("cp", ["-al", path.join(ROOT, "node_modules"), path.join(app, "node_modules")]);
    if (linked.status !== 0) throw new Error(`cp -al node_modules failed: ${linked.stderr}`);
    // Vercel restores a project's build cache (.next/cache) before each build: here the compiler's
    // cache of this checkout's own build (the suite's shared one), which makes the compile a third as long.
    await ensureProductionBuild();
    const compilerCache = path.join(ROOT, ".next/cache/turbopack");
    if (existsSync(compilerCache)) cpSync(compilerCache, path.join(app, ".next/cache/turbopack"), { recursive: true });
    buildDb = await createPostgresDatabase(pgServer!, `mm_vercel_build_${suffix}`);
    runDb = await createPostgresDatabase(pgServer!, `mm_vercel_run_${suffix}`);
    before = listing(app);

    // `npm run build` as Vercel runs it.
    const built = spawnSync(process.execPath, ["--import", path.join(app, "node_modules/tsx/dist/esm/index.mjs"), "scripts/serve.ts", "build"], {
      cwd: app,
      env: vercelEnv(buildDb.url),
      encoding: "utf8",
      timeout: 14 * 60_000,
    });
    buildOutput = built.stdout + built.stderr;
    if (built.status !== 0) throw new Error(`preview build failed (${built.status ?? built.signal}):\n${buildOutput.slice(-4000)}`);
    afterBuild = listing(app);

    // Served as Vercel serves it: no launcher, instrumentation.ts prepares the (empty) database.
    server = spawn(process.execPath, [path.join(app, "node_modules/next/dist/bin/next"), "start", "--port", String(port), "--hostname", "127.0.0.1"], {
      cwd: app,
      env: vercelEnv(runDb.url, { NODE_ENV: "production", AUTH_SECRET: "preview-test-secret-0123456789abcdef" }),
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (d) => (serverOutput += d));
    server.stderr!.on("data", (d) => (serverOutput += d));
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`preview server exited:\n${serverOutput.slice(-4000)}`);
      if (Date.now() > deadline) throw new Error(`preview server not ready:\n${serverOutput.slice(-4000)}`);
      const ok = await fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await sleep(300);
    }
  }, 20 * 60_000);

  afterAll(async () => {
    if (server?.pid && server.exitCode === null) {
      try {
        process.kill(-server.pid, "SIGKILL");
      } catch {}
    }
    await buildDb?.drop();
    await runDb?.drop();
    if (work) rmSync(work, { recursive: true, force: true });
  }, 60_000);

  it("the build used the PostgreSQL database, never the embedded one", () => {
    expect(buildOutput).not.toMatch(/Embedded database/i);
    expect(existsSync(path.join(app, ".data"))).toBe(false);
    expect(existsSync(path.join(app, ".next/BUILD_ID"))).toBe(true);
  });

  it("the server prepared its empty database at start-up (instrumentation.ts, under the advisory lock)", () => {
    expect(serverOutput).toContain("Seeded the demo catalogue.");
  });

  it("walks home → product → cart → test checkout → admin sign-in, with the banner and noindex", async () => {
    const home = await pageText(base, "/");
    expect(home.status).toBe(200);
    expect(home.html).toContain(BANNER);
    expect(home.html).toMatch(/<meta name="robots" content="noindex, nofollow"\/>/);

    const product = (await listPublicProducts(base)).find((p) => !p.sold && !p.uniqueItem)!;
    expect(product).toBeDefined();
    const page = await pageText(base, `/product/${product.slug}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(product.name);
    expect(page.html).toContain(BANNER);
    expect(page.html).toMatch(/<meta name="robots" content="noindex, nofollow"\/>/);

    const sessionId = `preview-${randomBytes(6).toString("hex")}`;
    const cart = await fetch(`${base}/api/cart`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sessionId, productId: product.id, quantity: 1 }),
    });
    expect(cart.status).toBe(200);
    expect(JSON.stringify(await cart.json())).toContain(product.name);

    // The test card provider: a preview takes no real money.
    const orderNumber = await buy(base, product.id, sessionId);
    expect(orderNumber).toMatch(/\S/);

    const token = await adminToken(base, admin.email, admin.password);
    expect(token).toMatch(/\S/);
    // Uploads cannot work on Vercel's read-only disk without UploadThing: said plainly.
    const form = new FormData();
    form.append("images", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" }), "a.png");
    const upload = await fetch(`${base}/api/upload`, { method: "POST", headers: { authorization: `Bearer ${token}`, origin: base }, body: form });
    expect(upload.status).toBe(409);
    expect((await upload.json()).message).toContain("UPLOADTHING_TOKEN");

    const robots = await pageText(base, "/robots.txt");
    expect(robots.html).toMatch(/Disallow: \/\s*$/m);
  }, 120_000);

  it("the build wrote nothing outside .next but Next.js's own next-env.d.ts (gitignored, written by its type check)", () => {
    const nextEnv = /^(changed|added): (\.|next-env\.d\.ts)$/;
    expect(differences(before, afterBuild).filter((d) => !nextEnv.test(d))).toEqual([]);
  });

  it("the running preview wrote nothing in the project directory outside .next (Vercel's is read-only)", async () => {
    process.kill(-server!.pid!, "SIGTERM");
    await Promise.race([new Promise((r) => server!.once("exit", r)), unrefSleep(15_000)]);
    expect(differences(afterBuild, listing(app))).toEqual([]);
  }, 60_000);
});
