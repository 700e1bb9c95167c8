import { test } from "./test";
import { walkAdminMoneyScreens, walkConfirmationPage } from "./records-walk";

/** Issue 53 at 1280 px: the admin order view, refund dialog, orders list and gift-card list; the confirmation page, paid and payment being checked. */
test("1280 px: the admin's money screens read right, axe-clean, no console error", async ({ page }) => {
  test.setTimeout(120_000);
  await walkAdminMoneyScreens(page, 1280);
});

test("1280 px: the confirmation page says Order Confirmed only when the card was charged", async ({ page }) => {
  test.setTimeout(60_000);
  await walkConfirmationPage(page, 1280);
});
