import { mkdirSync } from "node:fs";
import { lookAt } from "./look";
import { expect, type Page } from "./test";
import { expectNoAxeViolationsHere, seedRefundableOrder, signIn } from "./a11y-helpers";

/**
 * The money screens (issue 53) as the maker and the shopper see them, shared by the 1280 px
 * (records.spec.ts) and 390 px (records-mobile.spec.ts) runs: the orders list, the admin order view
 * and its refund dialog, and the confirmation page (paid, and a payment being checked); the dialogs
 * and the confirmation page axe-clean at the run's width (so both widths between the two runs), no
 * console error, and a screenshot of each in /work/wt/records-shots/. The orders list as it loads is
 * axe-checked with every admin screen (admin-axe.spec.ts, admin-axe-mobile.spec.ts); the gift-card
 * list, issued, searched and axe-checked at both widths, is gift-cards-list.ts's walk.
 */
export const SHOTS = process.env.RECORDS_SHOTS ?? "test-results/records";
const tag = () => `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`${page.url()}: console: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`${page.url()}: page error: ${e.message}`));
  return errors;
}

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(300);
}

export async function walkAdminMoneyScreens(page: Page, width: 1280 | 390) {
  mkdirSync(SHOTS, { recursive: true });
  const errors = watchErrors(page);
  const order = await seedRefundableOrder(tag());
  await signIn(page);

  // The orders list: at 390 each row is a card with its customer, total and status on screen.
  await page.goto("/admin/orders?status=confirmed");
  await settle(page);
  const row = page.locator(`[data-testid="order-row"][data-order-number="${order.orderNumber}"]`);
  await row.scrollIntoViewIfNeeded();
  for (const text of ["Ada Axe", "$57.99"]) await expect(row.getByText(text, { exact: true })).toBeInViewport();
  await lookAt(page, { path: `${SHOTS}/orders-list-${width}.png` });

  // The order view: its statement adds up, the total and what the card paid.
  await page.getByRole("button", { name: `View order ${order.orderNumber}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("order-statement")).toContainText("Paid by card");
  await expect(dialog.getByTestId("order-statement")).toContainText("$57.99");
  await lookAt(page, { path: `${SHOTS}/order-view-${width}.png` });
  await expectNoAxeViolationsHere(page, "the order view");

  // The refund dialog: the figure on the button, asked again for everything left, nothing refunded on "Go back".
  await dialog.getByRole("button", { name: "Refund…" }).click();
  const form = dialog.getByTestId("refund-form");
  await form.getByLabel("Reason").fill("Order returned");
  await form.getByLabel("Internal note (optional)").fill("Came back unopened");
  await form.getByRole("button", { name: "Refund $57.99", exact: true }).click();
  const confirm = form.getByTestId("refund-confirm");
  await expect(confirm).toContainText(`Refund everything left on order ${order.orderNumber}: $57.99?`);
  await confirm.scrollIntoViewIfNeeded();
  await lookAt(page, { path: `${SHOTS}/refund-dialog-${width}.png` });
  await expectNoAxeViolationsHere(page, "the refund dialog");
  await confirm.getByRole("button", { name: "Go back" }).click();
  await expect(confirm).toBeHidden();
  await page.keyboard.press("Escape");

  // The dashboard, with the shop's time zone setting.
  await page.goto("/admin/dashboard");
  await settle(page);
  await expect(page.getByLabel("Time zone (IANA name, e.g. America/New_York)")).toHaveValue(/\//);
  await lookAt(page, { path: `${SHOTS}/dashboard-${width}.png`, fullPage: true });
  expect(errors).toEqual([]);
}

const receipt = (orderNumber: string, notice: boolean) => ({
  orderNumber,
  items: [{ name: "Self-Centring Dowelling Jig — Size: 8 mm", quantity: 1, total: "24.00", ships: "Made to order — ships in 10–15 working days" }],
  statement: [
    { key: "subtotal", label: "Subtotal", text: "$24.00" },
    { key: "discount", label: "Discount (TENOFF)", text: "-$2.40" },
    { key: "shipping", label: "Shipping", text: "$15.99" },
    { key: "tax", label: "Tax", text: "$0.00" },
    { key: "total", label: "Total", text: "$37.59", strong: true },
    { key: "gift-card-0", label: "Paid by gift card ending 7KQ2", text: "$10.00" },
    { key: "card-0", label: notice ? "Paid by card (being checked with your bank)" : "Paid by card", text: "$27.59" },
  ],
  shipsEstimate: "Your order ships in 10–15 working days",
  paymentNotice: notice
    ? {
        state: "checking",
        title: "We're checking your payment",
        status: "Payment being checked",
        text: "Your order is placed, but we could not yet confirm with your bank that the card payment of $27.59 went through. We are checking it now and will email you as soon as we know; you will not be charged twice. Nothing ships until the payment has gone through.",
      }
    : null,
});

/** The confirmation page as the browser that paid sees it (its receipt in session storage): paid, and a payment being checked. */
export async function walkConfirmationPage(page: Page, width: 1280 | 390) {
  mkdirSync(SHOTS, { recursive: true });
  const errors = watchErrors(page);
  for (const notice of [false, true]) {
    const orderNumber = `ORD-SHOT-${notice ? "CHECKING" : "PAID"}-${width}`;
    await page.addInitScript((value) => sessionStorage.setItem("orderReceipt", value), JSON.stringify(receipt(orderNumber, notice)));
    await page.goto(`/order-confirmation?order=${orderNumber}`);
    const heading = page.getByRole("heading", { level: 1 });
    if (notice) {
      await expect(heading).toHaveText("We're checking your payment");
      await expect(page.getByTestId("order-status")).toHaveText("Payment being checked");
      await expect(page.getByTestId("payment-notice")).toContainText("will email you as soon as we know");
      await expect(page.getByText("Order Confirmed", { exact: false })).toHaveCount(0);
    } else {
      await expect(heading).toHaveText("Order Confirmed!");
    }
    await expect(page.getByText("Paid by gift card ending 7KQ2")).toBeVisible();
    await settle(page);
    await lookAt(page, { path: `${SHOTS}/confirmation-${notice ? "checking" : "paid"}-${width}.png`, fullPage: true });
    await expectNoAxeViolationsHere(page, `the confirmation page (${notice ? "payment being checked" : "paid"})`);
  }
  expect(errors).toEqual([]);
}
