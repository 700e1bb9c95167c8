import { test as base, expect } from "@playwright/test";

/**
 * The `test` every browser spec uses: Playwright's, plus a watch on every
 * page for Content-Security-Policy violations (the browser's
 * `securitypolicyviolation` events and its console reports). A test that
 * triggers one fails, so the whole suite proves the policy breaks nothing.
 */
export const test = base.extend<{ cspViolations: string[] }>({
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
