/**
 * Starts the shop for browser tests: a fresh database (a new `mm_e2e` database
 * on TEST_DATABASE_URL's server, or a new embedded one under .data/e2e-pglite),
 * a production build (skipped with E2E_SKIP_BUILD=1), then `next start`.
 */
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createPostgresDatabase } from "../helpers/test-db";
import { E2E_DB_NAME, E2E_DB_PORT, E2E_MAILBOX_DIR, e2eDatabaseUrl } from "./e2e-env";

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
if (process.env.TEST_DATABASE_URL) {
  await createPostgresDatabase(process.env.TEST_DATABASE_URL, E2E_DB_NAME);
  env.DATABASE_URL = e2eDatabaseUrl();
} else {
  rmSync(".data/e2e-pglite", { recursive: true, force: true });
  delete env.DATABASE_URL;
  env.EMBEDDED_DB_DIR = ".data/e2e-pglite";
  env.EMBEDDED_DB_PORT = String(E2E_DB_PORT);
}

if (!process.env.E2E_SKIP_BUILD) {
  const build = spawnSync("npx", ["tsx", "scripts/serve.ts", "build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn("npx", ["tsx", "scripts/serve.ts", "start"], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
