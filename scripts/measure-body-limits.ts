/**
 * `npm run measure:bodies`: memory of the production server under oversized
 * request bodies. Starts the last production build (`npm run build` first)
 * on a scratch embedded database, reads the Next.js process's resident set
 * size idle, then sends 8 bodies of 300 MB each to POST /api/contact
 * (4 declaring their Content-Length, 4 chunked without one) and 2 to the
 * Stripe webhook, sampling RSS all along. Traffic goes only to 127.0.0.1
 * and every upload stops by itself (when the server answers, or after 60 s).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { freePort } from "./free-port";

const BODY_BYTES = 300 * 1024 * 1024;
const CHUNK = Buffer.alloc(256 * 1024, 0x20);
const DEADLINE_MS = 60_000;

function childPids(pid: number): number[] {
  try {
    const direct = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    return direct.flatMap((c) => [c, ...childPids(c)]);
  } catch {
    return [];
  }
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

function findNextServer(root: number): number {
  for (const pid of childPids(root)) {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    if (cmd.includes("next-server.mjs")) return pid;
  }
  throw new Error("Next.js server process not found");
}

async function waitForHealth(port: number) {
  for (let i = 0; i < 120; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      http.get({ host: "127.0.0.1", port, path: "/api/health" }, (res) => resolve(res.statusCode === 200)).on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not become healthy");
}

/** Streams `BODY_BYTES` until the server answers; resolves with the status and how much was sent. */
function sendHuge(port: number, path: string, declareLength: boolean): Promise<{ status: number | string; sentMb: number }> {
  return new Promise((resolve) => {
    let sent = 0;
    let done = false;
    const finish = (status: number | string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.destroy();
      resolve({ status, sentMb: Math.round(sent / 1024 / 1024) });
    };
    const req = http.request({
      host: "127.0.0.1",
      port,
      path,
      method: "POST",
      headers: { "content-type": "application/json", ...(declareLength ? { "content-length": String(BODY_BYTES) } : {}), "stripe-signature": "t=1,v1=x" },
    });
    const timer = setTimeout(() => finish("timeout"), DEADLINE_MS);
    req.on("response", (res) => {
      res.resume();
      finish(res.statusCode ?? 0);
    });
    req.on("error", (error) => finish(`closed (${(error as NodeJS.ErrnoException).code ?? error.message})`));
    const pump = () => {
      while (!done && sent < BODY_BYTES) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once("drain", pump);
      }
      if (!done) req.end();
    };
    pump();
  });
}

async function main() {
  const port = await freePort();
  const dataDir = ".data/measure-bodies-pglite";
  rmSync(dataDir, { recursive: true, force: true });
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts", "start"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PORT: String(port), EMBEDDED_DB_DIR: dataDir, RATE_LIMIT_SCALE: "1000", ADMIN_PASSWORD: "measure-only-password", DATABASE_URL: "" },
  });
  try {
    await waitForHealth(port);
    const pid = findNextServer(server.pid!);
    for (let i = 0; i < 50; i++) await new Promise((r) => http.get({ host: "127.0.0.1", port, path: "/api/products" }, (res) => res.resume().on("end", r)));
    await new Promise((r) => setTimeout(r, 1000));
    const idle = rssMb(pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
    const started = Date.now();
    const plan = [
      ...Array.from({ length: 4 }, () => ({ path: "/api/contact", declared: true })),
      ...Array.from({ length: 4 }, () => ({ path: "/api/contact", declared: false })),
      { path: "/api/webhooks/stripe", declared: true },
      { path: "/api/webhooks/stripe", declared: false },
    ];
    const results = await Promise.all(plan.map((p) => sendHuge(port, p.path, p.declared)));
    await new Promise((r) => setTimeout(r, 1000));
    clearInterval(sampler);
    const after = rssMb(pid);
    console.log(`idle RSS ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)}), after ${after.toFixed(0)} MB, ${Date.now() - started} ms`);
    for (const [i, r] of results.entries()) console.log(`  body ${i + 1}: ${plan[i].path} ${plan[i].declared ? "with" : "without"} Content-Length → ${r.status} after ${r.sentMb} MB sent`);
    if (peak - idle > 100) {
      console.error("FAIL: RSS grew by more than 100 MB");
      process.exitCode = 1;
    }
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
