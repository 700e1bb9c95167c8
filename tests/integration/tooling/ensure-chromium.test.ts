/**
 * `npm test`'s browser step on a machine without a browser: the project is
 * copied to a temporary folder and every Chromium hidden from it (PATH holds
 * no browser and no apt-get, Playwright's browser folder is empty and its
 * download host unreachable). The step must then fail with one clear line,
 * never a stack trace; given a browser, it finds it and installs nothing.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

let project: string;
let emptyBin: string;
let emptyBrowsers: string;

beforeAll(() => {
  project = mkdtempSync(path.join(os.tmpdir(), "mm-chromium-"));
  for (const file of ["scripts/ensure-chromium.ts", "tests/e2e/chromium.ts", "package.json", "tsconfig.json"]) {
    mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
    cpSync(path.resolve(file), path.join(project, file));
  }
  symlinkSync(path.resolve("node_modules"), path.join(project, "node_modules"));
  emptyBin = path.join(project, "empty-bin");
  emptyBrowsers = path.join(project, "empty-browsers");
  mkdirSync(emptyBin);
  mkdirSync(emptyBrowsers);
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

function browserStep(env: Record<string, string>) {
  const hidden: Record<string, string> = { HOME: project, PATH: emptyBin, PLAYWRIGHT_BROWSERS_PATH: emptyBrowsers, PLAYWRIGHT_DOWNLOAD_HOST: "http://127.0.0.1:9", ...env };
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/ensure-chromium.ts"], { cwd: project, env: hidden as NodeJS.ProcessEnv, encoding: "utf8", timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const noStackTrace = (text: string) => expect(text).not.toMatch(/^\s+at .+\(.+:\d+:\d+\)$/m);

describe("the browser step of npm test", () => {
  it("with no browser anywhere and no way to install one, stops with one clear line", () => {
    const { status, stdout, stderr } = browserStep({});
    expect(status).toBe(1);
    expect(stderr.trim().split("\n")).toEqual([
      "No Chromium for the browser tests: install one (Debian/Ubuntu: `sudo apt-get install chromium`; elsewhere: `npx playwright install chromium`) or set PLAYWRIGHT_CHROMIUM_PATH to a Chromium or Chrome executable.",
    ]);
    expect(stdout).toContain("npx playwright install chromium did not work");
    noStackTrace(stdout);
    noStackTrace(stderr);
  });

  it("finds a system Chromium on PATH and installs nothing", () => {
    const bin = path.join(project, "bin-with-chromium");
    mkdirSync(bin, { recursive: true });
    writeFileSync(path.join(bin, "chromium"), "#!/bin/sh\necho Chromium 1.0\n");
    chmodSync(path.join(bin, "chromium"), 0o755);
    const { status, stdout, stderr } = browserStep({ PATH: bin });
    expect({ status, stdout, stderr }).toEqual({ status: 0, stdout: "", stderr: "" });
  });

  it("a PLAYWRIGHT_CHROMIUM_PATH that is not an executable is named in one line", () => {
    const { status, stderr } = browserStep({ PLAYWRIGHT_CHROMIUM_PATH: "/nowhere/chrome" });
    expect(status).toBe(1);
    expect(stderr.trim()).toBe("PLAYWRIGHT_CHROMIUM_PATH=/nowhere/chrome is not an executable file.");
  });
});
