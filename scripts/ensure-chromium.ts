/**
 * The first step of `npm run test:e2e`: makes sure a Chromium is there for
 * the browser tests. Finds one (tests/e2e/chromium.ts: PLAYWRIGHT_CHROMIUM_PATH,
 * a system Chromium or Chrome, Playwright's own), else tries
 * `playwright install chromium` (works where Playwright's download host is
 * reachable), else on Debian or Ubuntu as root `apt-get install chromium`.
 * If nothing works it prints one line saying what to install and exits 1.
 * A machine that already has a browser pays only the lookup.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { findChromium, onPath } from "../tests/e2e/chromium";

const WHAT_TO_DO =
  "No Chromium for the browser tests: install one (Debian/Ubuntu: `sudo apt-get install chromium`; elsewhere: `npx playwright install chromium`) or set PLAYWRIGHT_CHROMIUM_PATH to a Chromium or Chrome executable.";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function found(): string | null {
  try {
    return findChromium()?.path ?? null;
  } catch (error) {
    return fail((error as Error).message);
  }
}

/** Runs an installer quietly; on failure says so in one line (its own output may hold stack traces). */
function run(label: string, command: string, args: string[], timeoutMs: number): boolean {
  console.log(`Browser tests: ${label}…`);
  const result = spawnSync(command, args, { encoding: "utf8", timeout: timeoutMs, env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (result.status === 0) return true;
  const last = `${result.stderr ?? ""}\n${result.stdout ?? ""}`
    .split("\n")
    .map((l) => l.trim())
    .find((l) => /error|fail|unable|could not/i.test(l) && !/^at /.test(l));
  console.log(`Browser tests: ${label} did not work${last ? ` (${last.slice(0, 160)})` : result.error ? ` (${result.error.message})` : ""}.`);
  return false;
}

function installWithPlaywright(): boolean {
  const cli = path.resolve("node_modules/playwright/cli.js");
  if (!existsSync(cli)) return false;
  return run("npx playwright install chromium", process.execPath, [cli, "install", "chromium"], 5 * 60_000);
}

function installWithApt(): boolean {
  const apt = onPath(["apt-get"]);
  if (!apt || !existsSync("/etc/debian_version") || process.getuid?.() !== 0) return false;
  return run("apt-get update", apt, ["update", "-qq"], 5 * 60_000) && run("apt-get install chromium", apt, ["install", "-y", "-qq", "chromium", "fonts-liberation"], 10 * 60_000);
}

function main() {
  const existing = found();
  if (existing) return;
  console.log("Browser tests: no Chromium found; installing one.");
  if (installWithPlaywright() && found()) return;
  if (installWithApt() && found()) return;
  fail(WHAT_TO_DO);
}

main();
