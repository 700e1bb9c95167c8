import { closeSync, openSync, readSync, statSync } from "node:fs";
import { test as base, expect } from "@playwright/test";
import { E2E_SERVER_LOG } from "./e2e-env";

const logSize = () => statSync(E2E_SERVER_LOG, { throwIfNoEntry: false })?.size ?? null;

/** The server log's bytes from `start` on (at most the last 64 KB of them). */
function logSince(start: number): string {
  const end = logSize() ?? start;
  const from = Math.max(start, end - 64 * 1024);
  if (end <= from) return "";
  const buf = Buffer.alloc(end - from);
  const fd = openSync(E2E_SERVER_LOG, "r");
  try {
    readSync(fd, buf, 0, buf.length, from);
  } finally {
    closeSync(fd);
  }
  return buf.toString("utf8");
}

/**
 * The `test` every browser spec uses: Playwright's, plus a watch on every
 * page for Content-Security-Policy violations (the browser's
 * `securitypolicyviolation` events and its console reports). A test that
 * triggers one fails, so the whole suite proves the policy breaks nothing.
 */
export const test = base.extend<{ cspViolations: string[]; serverLogOnFailure: void }>({
  // The server's log stays out of the report (tests/e2e/start-server.ts); a failing test gets the lines written during it.
  serverLogOnFailure: [
    async ({}, use, testInfo) => {
      const start = logSize();
      await use();
      if (start === null || testInfo.status === testInfo.expectedStatus) return;
      const lines = logSince(start);
      await testInfo.attach("server log during this test", { body: lines || "(nothing)", contentType: "text/plain" });
      testInfo.annotations.push({ type: "server log", description: `${E2E_SERVER_LOG} (the lines written during this test are attached)` });
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding("__reportCspViolation", (_source, text: string) => {
        violations.push(text);
      });
      await context.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (e) => {
          const report = (window as unknown as { __reportCspViolation?: (t: string) => void }).__reportCspViolation;
          report?.(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} on ${location.pathname}`);
        });
      });
      context.on("console", (message) => {
        if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
      });
      await use(violations);
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from "@playwright/test";
