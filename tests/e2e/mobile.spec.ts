import { test, expect, type APIRequestContext, type Page } from "./test";
import { lookAt } from "./look";
import { site } from "../../lib/site";
import { mkdirSync } from "node:fs";
import { expectNoAxeViolationsHere, seedOrder, seedRefundableOrder, signIn } from "./a11y-helpers";
import { queryE2eDb } from "./e2e-env";
import { walkGiftCardList } from "./gift-cards-list";

/** The storefront at phone width (390 px project): slide-out menu, search and no sideways scrolling. */

type ApiCategory = { name: string; slug: string };

async function apiCategories(request: APIRequestContext): Promise<ApiCategory[]> {
  const res = await request.get("/api/categories");
  expect(res.ok()).toBeTruthy();
  return res.json();
}

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("the desktop links are hidden and the menu button is shown", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.getByRole("banner").getByRole("button", { name: "Cart", exact: true })).toBeVisible();
});

test("the slide-out menu shows the links and every category", async ({ page, request }) => {
  const categories = await apiCategories(request);
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: site.name });
  await expect(menu).toBeVisible();
  for (const [label, href] of [
    ["Shop All", "/shop"],
    ["My Story", "/my-story"],
    ["Gallery", "/gallery"],
    ["Commissions", "/commission"],
    ["Contact", "/contact"],
    ["Admin", "/admin"],
  ]) {
    await expect(menu.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
  }
  for (const category of categories) {
    await expect(menu.getByRole("link", { name: category.name, exact: true })).toHaveAttribute("href", `/shop/${category.slug}`);
  }
  await menu.getByRole("button", { name: "Close" }).click();
  await expect(menu).toBeHidden();
});

test("navigating from the menu closes it", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "My Story", exact: true }).click();
  await expect(page).toHaveURL(/\/my-story$/);
  await expect(page.getByRole("dialog")).toBeHidden();

  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("a category from the menu opens its listing", async ({ page, request }) => {
  const categories = await apiCategories(request);
  const target = categories[0];
  await page.goto("/contact");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog").getByRole("link", { name: target.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/${escapeRegExp(target.slug)}$`));
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("Escape closes the menu", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
});

test("search works at phone width", async ({ page }) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  await header.getByRole("button", { name: "Toggle search" }).click();
  const box = header.getByRole("combobox", { name: "Search products" });
  await box.fill("cherry");
  await header.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/shop\?search=cherry$/);
  await expect(header.getByRole("combobox")).toHaveCount(0);
});

// One walk in one browser context (a context per page loaded and compiled the scripts again each time).
test("no horizontal overflow on the home, contact, story, privacy, terms and 404 pages", async ({ page }) => {
  for (const path of ["/", "/contact", "/my-story", "/privacy", "/terms", "/not-a-real-page"]) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.getByRole("contentinfo")).toBeAttached();
      await expectNoHorizontalOverflow(page);
    });
  }
});

test.describe("the admin's money slips at phone width", () => {
  const shots = "test-results/admin-slips";
  const tag = () => `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  test("the order view's refund names its figure and asks again for everything left", async ({ page }) => {
    mkdirSync(shots, { recursive: true });
    const order = await seedRefundableOrder(tag());
    await signIn(page);
    await page.goto("/admin/orders?status=confirmed");
    await page.getByRole("button", { name: `View order ${order.orderNumber}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Refund…" }).click();
    const form = dialog.getByTestId("refund-form");
    await form.getByLabel("Reason").fill("Order returned");
    await form.getByLabel("Internal note (optional)").fill("Came back unopened");
    await form.getByRole("button", { name: "Refund $57.99", exact: true }).click();
    const confirm = form.getByTestId("refund-confirm");
    await expect(confirm).toContainText(`Refund everything left on order ${order.orderNumber}: $57.99?`);
    await confirm.scrollIntoViewIfNeeded();
    await lookAt(page, { path: `${shots}/refund-confirm-390.png` });
    // At 390 px; at 1280 px it is admin-slips.spec.ts's.
    await expectNoAxeViolationsHere(page, "the refund's confirmation step");
    await confirm.getByRole("button", { name: "Go back" }).click();
    await expect(confirm).toBeHidden();
    expect(await queryE2eDb(`SELECT id FROM "Refund" WHERE "orderId" = $1`, [order.orderId])).toEqual([]);
  });

  test("Delivered in a row's status menu asks before the shopper is emailed", async ({ page }) => {
    mkdirSync(shots, { recursive: true });
    const order = await seedRefundableOrder(tag());
    await signIn(page);
    await page.goto("/admin/orders?status=confirmed");
    await page.getByRole("combobox", { name: `Status of order ${order.orderNumber}` }).selectOption({ label: "Delivered" });
    const ask = page.getByRole("alertdialog", { name: "Mark order delivered?" });
    await expect(ask).toContainText("an email goes to the shopper now");
    await lookAt(page, { path: `${shots}/status-confirm-390.png` });
    // At 390 px; at 1280 px it is admin-slips.spec.ts's.
    await expectNoAxeViolationsHere(page, "the status change's confirmation");
    await ask.getByRole("button", { name: "Cancel" }).click();
    expect((await queryE2eDb<{ status: string }>(`SELECT status FROM "Order" WHERE id = $1`, [order.orderId]))[0].status).toBe("confirmed");
  });
});
test("390 px: the maker's gift-card list reads as cards, the code masked then shown, resend works; axe-clean and nothing off-screen", async ({ page }) => {
  test.setTimeout(90_000);
  await walkGiftCardList(page, 390);
  await expectNoHorizontalOverflow(page);
});

test.describe("the admin lists at phone width", () => {
  // axe on both lists (with rows) at 390 px is admin-axe-mobile.spec.ts's, with every admin screen.
  test("each order and customer is a card: its customer, total and status are on screen", async ({ page }) => {
    const { orderNumber } = await seedOrder("mobile-list", { status: "confirmed" });
    await signIn(page);
    await page.goto("/admin/orders");
    const row = page.locator(`[data-testid="order-row"][data-order-number="${orderNumber}"]`);
    await row.scrollIntoViewIfNeeded();
    for (const text of ["Ada Axe", "$57.99"]) await expect(row.getByText(text, { exact: true })).toBeInViewport();
    await expect(row.getByRole("combobox")).toBeInViewport();
    await expect(row.getByRole("combobox")).toHaveValue("confirmed");
    await lookAt(page, { path: "test-results/admin-orders-390.png", fullPage: true });

    await page.goto("/admin/customers");
    const customer = page.locator(`[data-testid="customer-row"][data-email="a11y-mobile-list@example.com"]`);
    await customer.scrollIntoViewIfNeeded();
    for (const text of ["Ada Axe", "a11y-mobile-list@example.com"]) await expect(customer.getByText(text, { exact: true })).toBeInViewport();
    await expect(customer.getByRole("button", { name: "Edit Ada Axe" })).toBeInViewport();
    await lookAt(page, { path: "test-results/admin-customers-390.png", fullPage: true });

    await page.goto("/admin/dashboard");
    await lookAt(page, { path: "test-results/admin-dashboard-390.png", fullPage: true });
  });
});
