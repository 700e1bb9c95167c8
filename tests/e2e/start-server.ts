/**
 * Starts the shop for browser tests: a fresh database (a new `mm_e2e` database
 * on TEST_DATABASE_URL's server, or a new embedded one under .data/e2e-pglite),
 * a production build (skipped with E2E_SKIP_BUILD=1, or when .next already holds one newer
 * than every source file, as Jest's multi-process tests leave it), then `npm start`'s server.
 * What the build and the server print goes to E2E_SERVER_LOG, not the test
 * report: a failing test attaches the lines the server wrote during it
 * (tests/e2e/test.ts), and a failed build or start prints the log's tail.
 */
import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { productionBuildIsFresh } from "../helpers/instances";
import { createPostgresDatabase } from "../helpers/test-db";
import { FAKE_EASYPOST_KEY, startFakeEasyPost } from "../helpers/fake-easypost";
import { E2E_DB_NAME, E2E_DB_PORT, E2E_EASYPOST_WEBHOOK_SECRET, E2E_MAILBOX_DIR, E2E_SERVER_LOG, e2eDatabaseUrl } from "./e2e-env";

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  ADMIN_EMAIL: process.env.ADMIN_EMAIL ?? "admin@example.com",
  ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? "correct-horse-battery",
  // One browser is many "shoppers" here; tests/e2e/security.spec.ts checks the (unscaled) sign-in throttle.
  RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE ?? "100",
  // On TEST_DATABASE_URL's PostgreSQL the test card form must be asked for explicitly.
  PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER ?? "test",
  DEV_MAILBOX_DIR: E2E_MAILBOX_DIR,
};
rmSync(E2E_MAILBOX_DIR, { recursive: true, force: true });
// The carrier is a local fake of EasyPost's HTTP API, alive as long as this process (EasyPost cannot be reached from test
// machines), with the webhook secret its tracking events are signed with. Every zone stays flat, the spec's $15.99 / free
// over $100, until a spec sets one to live rates.
if (!process.env.EASYPOST_API_KEY) {
  const carrier = await startFakeEasyPost();
  Object.assign(env, { EASYPOST_API_KEY: FAKE_EASYPOST_KEY, EASYPOST_API_URL: carrier.baseUrl, EASYPOST_WEBHOOK_SECRET: E2E_EASYPOST_WEBHOOK_SECRET });
}
if (process.env.TEST_DATABASE_URL) {
  await createPostgresDatabase(process.env.TEST_DATABASE_URL, E2E_DB_NAME);
  env.DATABASE_URL = e2eDatabaseUrl();
} else {
  rmSync(".data/e2e-pglite", { recursive: true, force: true });
  delete env.DATABASE_URL;
  env.EMBEDDED_DB_DIR = ".data/e2e-pglite";
  env.EMBEDDED_DB_PORT = String(E2E_DB_PORT);
}

mkdirSync(path.dirname(E2E_SERVER_LOG), { recursive: true });
const logFd = openSync(E2E_SERVER_LOG, "w");
const tail = (lines = 60) => readFileSync(E2E_SERVER_LOG, "utf8").trimEnd().split("\n").slice(-lines).join("\n");

if (process.env.E2E_SKIP_BUILD) {
  console.log("e2e server: E2E_SKIP_BUILD is set: starting the build in .next as it is");
} else if (productionBuildIsFresh()) {
  // `npm test` runs Jest first, whose multi-process tests build .next: one build per run, not two.
  console.log("e2e server: the production build in .next is newer than every source file: starting it");
} else {
  console.log(`e2e server: building (output in ${E2E_SERVER_LOG})…`);
  const build = spawnSync("npx", ["tsx", "scripts/serve.ts", "build"], { stdio: ["ignore", logFd, logFd], env });
  if (build.status !== 0) {
    console.error(`e2e server: the build failed (${build.status ?? build.signal}); the end of ${E2E_SERVER_LOG}:\n${tail()}`);
    process.exit(build.status ?? 1);
  }
}
console.log(`e2e server: starting (its log: ${E2E_SERVER_LOG})`);
const server = spawn("npx", ["tsx", "scripts/serve.ts", "start"], { stdio: ["ignore", logFd, logFd], env });
closeSync(logFd);
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopping = true;
    server.kill(signal);
  });
}
server.on("exit", (code, signal) => {
  if (!stopping) console.error(`e2e server: exited (${code ?? signal}); the end of ${E2E_SERVER_LOG}:\n${tail()}`);
  process.exit(code ?? 0);
});
