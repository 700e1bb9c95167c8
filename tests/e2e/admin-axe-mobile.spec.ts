import { test, expect } from "./test";
import { axeEveryAdminScreen } from "./admin-routes";

/**
 * axe (WCAG 2.2 AA) on every admin screen at 390 px, in the phone project (a
 * touch device, as the maker's phone is): the same screens as admin-axe.spec.ts,
 * read from app/admin, so a new screen cannot be left out at either width.
 */
test("every admin screen is axe-clean at 390 px", async ({ page, request }) => {
  test.setTimeout(360_000);
  expect(page.viewportSize()?.width).toBe(390);
  await axeEveryAdminScreen(page, request);
});
