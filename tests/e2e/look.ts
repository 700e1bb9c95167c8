import type { Page, PageScreenshotOptions } from "@playwright/test";

/**
 * A screenshot for a person to look at (the layouts at 1280 and 390 px), taken only when
 * E2E_SHOTS=1: nothing asserts on it, and a full-page capture in software rendering costs
 * CPU the suite shares with the other worker. `npm run test:e2e` with E2E_SHOTS=1 writes them
 * where each call says (test-results/… or /tmp/…). A failing test gets its own screenshot anyway.
 */
export async function lookAt(page: Page, options: PageScreenshotOptions & { path: string }): Promise<void> {
  if (process.env.E2E_SHOTS !== "1") return;
  await page.screenshot(options);
}
