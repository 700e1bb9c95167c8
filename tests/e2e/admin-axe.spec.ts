import { test, expect } from "./test";
import { axeEveryAdminScreen } from "./admin-routes";

/**
 * axe (WCAG 2.2 AA) on every admin screen at 1280 px: the screens are read from
 * app/admin (tests/e2e/admin-routes.ts), so a new one is checked without being
 * listed. Its phone twin is admin-axe-mobile.spec.ts (the 390 px project).
 */
test("every admin screen is axe-clean at 1280 px", async ({ page, request }) => {
  test.setTimeout(360_000);
  expect(page.viewportSize()?.width).toBe(1280);
  await axeEveryAdminScreen(page, request);
});
