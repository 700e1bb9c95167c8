/**
 * Multi-process tests: one production build (made once, shared by every test
 * file that needs it) and production servers started as `npm start` does
 * (tsx scripts/serve.ts start → server/front-server.mjs), each in a process
 * group of its own so a test can SIGTERM or SIGKILL it whole, and every one
 * still running is killed when the test file ends — even when it fails.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migratedEmbeddedDir } from "./embedded-template";

const ROOT = process.cwd();
const TSX = path.join(ROOT, "node_modules/tsx/dist/esm/index.mjs");

/** The test's PostgreSQL server, or the reason the test is skipped. */
export function requirePostgres(what: string): string | null {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) console.log(`SKIPPED ${what}: set TEST_DATABASE_URL to a PostgreSQL server to run it.`);
  return url ?? null;
}

/** Ports for this file's servers: MM_TEST_PORT_BASE (default 3131) plus an offset per file. */
export function testPort(offset: number): number {
  return Number(process.env.MM_TEST_PORT_BASE ?? 3131) + offset;
}

const SOURCE_DIRS = ["app", "components", "lib", "proxy.ts", "instrumentation.ts", "next.config.ts", "package.json", "prisma/schema.prisma", "postcss.config.mjs", "tsconfig.json", "server/cache"];

function newestSourceMtime(): number {
  let newest = 0;
  const walk = (p: string) => {
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) {
      if (p.endsWith("generated")) return;
      for (const e of readdirSync(p)) walk(path.join(p, e));
    } else if (!/\.test\.tsx?$/.test(p)) newest = Math.max(newest, st.mtimeMs);
  };
  for (const d of SOURCE_DIRS) walk(path.join(ROOT, d));
  return newest;
}

/**
 * A production build in .next, made here unless one newer than every source
 * file exists (MM_TEST_REUSE_BUILD=1 reuses any). Test files share it: the
 * first to get here builds under a lock directory, the others wait.
 */
/** Whether .next holds a production build newer than every source file (MM_TEST_REUSE_BUILD=1: any build). */
export function productionBuildIsFresh(): boolean {
  const buildId = path.join(ROOT, ".next/BUILD_ID");
  return existsSync(buildId) && (process.env.MM_TEST_REUSE_BUILD === "1" || statSync(buildId).mtimeMs > newestSourceMtime());
}

export async function ensureProductionBuild(): Promise<void> {
  const fresh = productionBuildIsFresh;
  if (fresh()) return;
  const lock = path.join(tmpdir(), `mm-build-lock-${Buffer.from(ROOT).toString("base64url")}`);
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, "pid"), String(process.pid));
      break;
    } catch {
      const owner = Number(readFileSync(path.join(lock, "pid"), { encoding: "utf8", flag: "a+" }) || 0);
      if (owner && !alive(owner)) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error("timed out waiting for another test's production build");
      await sleep(1000);
    }
  }
  try {
    if (fresh()) return;
    const dir = path.join(ROOT, ".data/test-build-pglite");
    rmSync(dir, { recursive: true, force: true });
    // The type check is `npm run typecheck`'s, which npm test runs first (next.config.ts).
    const env = cleanEnv({ EMBEDDED_DB_DIR: ".data/test-build-pglite", ADMIN_PASSWORD: "build-only-password", MM_TEST_BUILD_TYPECHECKED: "1" });
    console.log("Building the app for multi-process tests (next build)…");
    const r = spawnSync(process.execPath, ["--import", TSX, "scripts/serve.ts", "build"], { cwd: ROOT, env, encoding: "utf8", timeout: 14 * 60_000 });
    if (r.status !== 0) throw new Error(`build failed (${r.status ?? r.signal}):\n${(r.stdout + r.stderr).slice(-4000)}`);
    rmSync(dir, { recursive: true, force: true });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Another build of this checkout, for instances of two builds side by side (a
 * rolling deploy) without a second `next build` (minutes on a small machine):
 * a folder linking to every file of the checkout but .next, which is a copy
 * of the production build under a new build id (.next/BUILD_ID, and the
 * static folder named after it), as a second build of the same source would
 * have. The build id is all the shared cache tells builds apart by (the cache
 * handler reads it from .next/BUILD_ID); the compiled code is the same.
 * Start an instance in it with startInstance(port, env, root); remove() after.
 */
export function secondBuild(): { root: string; buildId: string; remove: () => void } {
  const root = mkdtempSync(path.join(tmpdir(), "mm-second-build-"));
  for (const name of readdirSync(ROOT)) {
    if (name === ".next" || name === ".data" || name === ".git") continue;
    symlinkSync(path.join(ROOT, name), path.join(root, name));
  }
  const firstId = readFileSync(path.join(ROOT, ".next/BUILD_ID"), "utf8").trim();
  const buildId = `second-${randomBytes(8).toString("hex")}`;
  // Not .next/cache: the build's own cache (compiler state, 200 MB), which a server never reads.
  cpSync(path.join(ROOT, ".next"), path.join(root, ".next"), { recursive: true, verbatimSymlinks: true, filter: (src) => src !== path.join(ROOT, ".next/cache") });
  writeFileSync(path.join(root, ".next/BUILD_ID"), buildId);
  cpSync(path.join(root, ".next/static", firstId), path.join(root, ".next/static", buildId), { recursive: true });
  return { root, buildId, remove: () => rmSync(root, { recursive: true, force: true }) };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** Like sleep, but never keeps the test process alive (for races against an exit). */
export const unrefSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/** The test runner's environment without anything that would pick a database, provider or secret for the server. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(DATABASE_URL|REDIS_URL|STRIPE_|NEXT_PUBLIC_STRIPE|PAYMENT_PROVIDER|MM_|EMBEDDED_DB_|AUTH_SECRET|ADMIN_|PORT$|NODE_ENV$|NEXTAUTH_URL|SITE_URL|BACKUP_)/.test(k),
    ),
  );
  const env: Record<string, string> = { ...base } as Record<string, string>;
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env as unknown as NodeJS.ProcessEnv;
}

export type Instance = {
  port: number;
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Signals the whole process group (launcher and Next.js server). */
  signal: (sig: NodeJS.Signals) => void;
};

const running = new Set<Instance>();

/** `npm start` on `port` with `env` (on top of cleanEnv()), in `cwd` (default: this checkout). */
export function startInstance(port: number, env: Record<string, string | undefined>, cwd = ROOT): Instance {
  const child = spawn(process.execPath, ["--import", TSX, "scripts/serve.ts", "start"], {
    cwd,
    env: cleanEnv({ PORT: String(port), ...env }),
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  const instance: Instance = {
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
    exited,
    signal: (sig) => {
      try {
        process.kill(-child.pid!, sig);
      } catch {}
    },
  };
  running.add(instance);
  void exited.then(() => running.delete(instance));
  return instance;
}

/** Kills (SIGKILL, whole group) every instance still running; call in afterAll/afterEach. */
export async function stopAllInstances(): Promise<void> {
  const all = [...running];
  for (const i of all) i.signal("SIGKILL");
  await Promise.all(all.map((i) => Promise.race([i.exited, unrefSleep(5000)])));
}
process.on("exit", () => {
  for (const i of running) i.signal("SIGKILL");
});

/** Waits until `url` answers 200 (or the instance exits / time runs out). */
export async function waitForOk(instance: Instance, pathname = "/api/health", timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void instance.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`instance on ${instance.port} exited before answering:\n${instance.output().slice(-4000)}`);
    try {
      const r = await fetch(instance.url + pathname, { signal: AbortSignal.timeout(5000) });
      if (r.ok) return;
    } catch {}
    await sleep(100);
  }
  throw new Error(`instance on ${instance.port} did not answer ${pathname} in ${timeoutMs} ms:\n${instance.output().slice(-4000)}`);
}

type ShopSpec = { name: string; portOffset: number; env?: Record<string, string | undefined> };

/**
 * A test file's own production server (`npm start`) on a fresh embedded
 * database (a copy of the migrated template, tests/helpers/embedded-template.ts): built if needed and started before the file's tests, killed and
 * its data removed after them. Returns a getter for the running instance.
 */
export function useEmbeddedShop(name: string, portOffset: number, env: Record<string, string | undefined> = {}): () => Instance {
  return useEmbeddedShops([{ name, portOffset, env }])[0];
}

/** Several such servers, started at once (each is a process of its own: two starts take the time of one). */
export function useEmbeddedShops(specs: ShopSpec[]): Array<() => Instance> {
  const dirs = specs.map(({ name }) => `.data/test-${name}-${randomBytes(4).toString("hex")}`);
  const servers: Array<Instance | undefined> = [];
  beforeAll(async () => {
    await ensureProductionBuild();
    await Promise.all(dirs.map(migratedEmbeddedDir));
    specs.forEach(({ name, portOffset, env }, i) => {
      servers[i] = startInstance(testPort(portOffset), {
        EMBEDDED_DB_DIR: dirs[i],
        ADMIN_EMAIL: "owner@example.com",
        ADMIN_PASSWORD: `${name}-test-password`,
        AUTH_SECRET: `${name}-test-secret-0123456789abcdef`,
        ...env,
      });
    });
    await Promise.all(servers.map((server) => waitForOk(server!, "/api/ready", 150_000)));
  }, 15 * 60_000);
  afterAll(async () => {
    await stopAllInstances();
    for (const dir of dirs) {
      rmSync(path.resolve(dir), { recursive: true, force: true });
      rmSync(path.resolve(`${dir}.owner`), { recursive: true, force: true }); // left by a killed owner (lib/backup/owner.ts)
    }
  }, 60_000);
  return specs.map(({ name }, i) => () => {
    const server = servers[i];
    if (!server) throw new Error(`the ${name} test server did not start`);
    return server;
  });
}
