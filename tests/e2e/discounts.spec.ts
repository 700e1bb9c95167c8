import { test, expect, type Page } from "./test";
import { lookAt } from "./look";
import { axeReport, apiProducts, seedCart, signIn, waitForHydration, type ApiProduct } from "./a11y-helpers";
import { queryE2eDb } from "./e2e-env";

/**
 * Discount codes as a shopper: apply a code on the cart page, see its own
 * line and the new total, remove it; carry it to checkout and pay the discounted
 * total (what the shop recorded and the payment took); axe-clean at 1280 and 390 px.
 */
const cents = (price: string) => Math.round(Number(price) * 100);
const money = (c: number) => `$${(c / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function newCode(percentOff: number): Promise<string> {
  const code = `E2E${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 5).toUpperCase()}`;
  await queryE2eDb(`INSERT INTO "DiscountCode" (code, kind, "percentOff", "updatedAt") VALUES ($1, 'percentage', $2, now())`, [code, percentOff]);
  return code;
}

async function cheapProduct(page: Page): Promise<ApiProduct> {
  const products = (await apiProducts(page.request)).filter((p) => !p.uniqueItem && !p.sold && cents(p.price) < 10_000);
  products.sort((a, b) => cents(a.price) - cents(b.price));
  return products[0];
}

async function expectNoViolations(page: Page, where: string) {
  expect(await axeReport(page), `axe violations on ${where}`).toEqual([]);
}

async function applyCode(page: Page, code: string) {
  const summary = page.getByTestId("order-summary");
  await summary.getByTestId("discount-form").getByLabel("Discount code").fill(code.toLowerCase());
  await summary.getByTestId("discount-form").getByRole("button", { name: "Apply" }).click();
}

test.describe("discount codes", () => {
  test("cart page: apply a code, see its line and the new total, remove it; a wrong code says why", async ({ page }) => {
    const product = await cheapProduct(page);
    const code = await newCode(10);
    await seedCart(page, product);
    await page.goto("/cart");
    await waitForHydration(page);
    const summary = page.getByTestId("order-summary");
    const price = cents(product.price);
    const tax = Math.round(price * 0.08);
    await expect(summary.getByTestId("summary-total")).toHaveText(money(price + 1599 + tax));

    await applyCode(page, "NOSUCHCODE");
    await expect(summary.getByRole("alert")).toHaveText("The code “NOSUCHCODE” can't be used for this order.");
    await expect(summary.getByTestId("summary-discount")).toHaveCount(0);

    await applyCode(page, code);
    const off = Math.round(price * 0.1);
    await expect(summary.getByText(`Discount (${code})`)).toBeVisible();
    await expect(summary.getByTestId("summary-discount")).toHaveText(`−${money(off)}`);
    await expect(summary.getByText(`Code ${code} applied`)).toBeVisible();
    const taxAfter = Math.round((price - off) * 0.08);
    await expect(summary.getByTestId("summary-tax")).toHaveText(money(taxAfter));
    await expect(summary.getByTestId("summary-total")).toHaveText(money(price - off + 1599 + taxAfter));

    await summary.getByRole("button", { name: `Remove discount code ${code}` }).click();
    await expect(summary.getByTestId("summary-discount")).toHaveCount(0);
    await expect(summary.getByTestId("summary-total")).toHaveText(money(price + 1599 + tax));
    await expect(summary.getByLabel("Discount code")).toBeVisible();
  });

  test("checkout: the code applied on the cart page is priced again, shown as its own line and paid for as the discounted total", async ({ page }) => {
    test.setTimeout(90_000);
    const product = await cheapProduct(page);
    const code = await newCode(20);
    await seedCart(page, product);
    await page.goto("/cart");
    await waitForHydration(page);
    await applyCode(page, code);
    await expect(page.getByTestId("summary-discount")).toBeVisible();
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);

    const summary = page.getByTestId("order-summary");
    const price = cents(product.price);
    const off = Math.round(price * 0.2);
    await expect(summary.getByTestId("summary-discount")).toHaveText(`−${money(off)}`);
    const form = page.getByRole("form", { name: "Checkout" });
    await form.getByLabel("Email").fill("dee.count@example.com");
    await form.getByLabel("First name").fill("Dee");
    await form.getByLabel("Last name").fill("Count");
    await form.getByLabel("Address", { exact: true }).fill("12 Elm Street");
    await form.getByLabel("City").fill("Asheville");
    await form.getByLabel("State").fill("NC");
    await form.getByLabel("ZIP / postal code").fill("28801");
    const total = price - off + 1599;
    await expect(summary.getByTestId("summary-total")).toHaveText(money(total));
    await expect(form.getByTestId("pay-button")).toHaveText(`Pay ${money(total)}`);
    await form.getByLabel("Card number").fill("4242 4242 4242 4242");
    await form.getByLabel("Expiry (MM / YY)").fill("12/34");
    await form.getByLabel("CVC").fill("123");
    await form.getByTestId("pay-button").click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=ORD-[\w-]+$/, { timeout: 30_000 });
    const orderNumber = new URL(page.url()).searchParams.get("order")!;

    const [order] = await queryE2eDb<{ discount: string; discountCode: string; total: string; stripePaymentIntentId: string }>(
      `SELECT discount::text, "discountCode", total::text, "stripePaymentIntentId" FROM "Order" WHERE "orderNumber" = $1`,
      [orderNumber],
    );
    expect(order).toMatchObject({ discount: (off / 100).toFixed(2), discountCode: code, total: (total / 100).toFixed(2) });
    const [intent] = await queryE2eDb<{ status: string; amount: number }>(`SELECT status, amount FROM "TestPaymentIntent" WHERE id = $1`, [order.stripePaymentIntentId]);
    expect(intent).toEqual({ status: "succeeded", amount: total });
    const [row] = await queryE2eDb<{ uses: number }>(`SELECT uses FROM "DiscountCode" WHERE code = $1`, [code]);
    expect(row.uses).toBe(1);
    // The code is forgotten once the order is placed.
    expect(await page.evaluate(() => sessionStorage.getItem("discountCode"))).toBeNull();
  });

  test("a cart holding a product with variants takes a code, on the cart page and at checkout; a refused code stays in the field", async ({ page }) => {
    const code = await newCode(10);
    // The 6 mm Self-Centring Dowelling Jig ($26.00), put in the cart from its page as a shopper does.
    await page.goto("/product/self-centring-dowelling-jig?variant=SCDJ-6MM");
    await waitForHydration(page);
    // The variant controls are an island of their own, live once their chunk has loaded.
    await expect(page.getByTestId("variant-purchase")).toHaveAttribute("data-ready", "true");
    await page
      .getByTestId("variant-purchase")
      .getByRole("button", { name: /Add to Cart/ })
      .click();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await page.goto("/cart");
    await waitForHydration(page);
    const summary = page.getByTestId("order-summary");

    await applyCode(page, "NOSUCHCODE");
    await expect(summary.getByRole("alert")).not.toBeEmpty();
    await expect(summary.getByRole("alert")).not.toContainText("Choose which");
    await expect(summary.getByLabel("Discount code")).toHaveValue("nosuchcode");

    await applyCode(page, code);
    await expect(summary.getByText(`Code ${code} applied`)).toBeVisible();
    await expect(summary.getByTestId("summary-discount")).toHaveText(`−${money(260)}`);

    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const atCheckout = page.getByTestId("order-summary");
    await expect(atCheckout.getByText(`Code ${code} applied`)).toBeVisible();
    await expect(atCheckout.getByTestId("summary-discount")).toHaveText(`−${money(260)}`);
  });

  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`axe finds nothing on the checkout with a code applied and a refused one, at ${size.width} px`, async ({ page }) => {
      await page.setViewportSize(size);
      const product = await cheapProduct(page);
      const code = await newCode(10);
      await seedCart(page, product);
      await page.goto("/checkout");
      await waitForHydration(page);
      await applyCode(page, "NOSUCHCODE");
      await expect(page.getByTestId("order-summary").getByRole("alert")).toHaveText("The code “NOSUCHCODE” can't be used for this order.");
      await expectNoViolations(page, `/checkout (refused code, ${size.width} px)`);
      await applyCode(page, code);
      await expect(page.getByTestId("summary-discount")).toBeVisible();
      await expectNoViolations(page, `/checkout (code applied, ${size.width} px)`);
      await lookAt(page, { path: `test-results/discounts-checkout-${size.width}.png`, fullPage: true });
    });
  }

  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`the maker creates a code, disables it, and issues and looks up a gift card; axe finds nothing, at ${size.width} px`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(size);
      await signIn(page);
      await page.goto("/admin/discounts");
      const code = `ADM${size.width}${Date.now().toString(36).toUpperCase()}`;
      const form = page.getByRole("form", { name: "New discount code" });
      await form.getByLabel("Code").fill(code);
      await form.getByLabel("Percentage off").fill("15");
      await form.getByLabel("Usage limit").fill("5");
      await form.getByRole("button", { name: "Create code" }).click();
      const row = page.getByTestId("discount-codes").getByRole("row").filter({ hasText: code });
      await expect(row).toContainText("15 % off");
      await expect(row).toContainText("0 of 5");
      // Checked after a reload: the "created" toast fading out would be measured at the wrong contrast.
      await page.reload();
      await expect(row).toContainText("0 of 5");
      await expectNoViolations(page, `/admin/discounts (${size.width} px)`);
      await row.getByRole("button", { name: `Disable ${code}` }).click();
      await expect(row).toContainText("Disabled");
      const [audit] = await queryE2eDb<{ n: string }>(`SELECT count(*)::text AS n FROM "AuditLog" WHERE "entityType" = 'discount_code' AND after::text LIKE $1`, [`%${code}%`]);
      expect(Number(audit.n)).toBeGreaterThanOrEqual(1);

      await page.goto("/admin/gift-cards");
      const issue = page.getByRole("form", { name: "Issue a gift card" });
      await issue.getByLabel("Amount ($)").fill("25");
      await issue.getByRole("button", { name: "Issue" }).click();
      const details = page.getByTestId("gift-card-details");
      await expect(details.getByTestId("gift-card-balance")).toHaveText("$25.00");
      const giftCode = (await details.getByRole("heading").textContent())!;
      await page.reload();
      const lookup = page.getByRole("form", { name: "Look up a gift card" });
      await lookup.getByLabel("Code").fill(giftCode.toLowerCase());
      await lookup.getByRole("button", { name: "Look up" }).click();
      await expect(details.getByRole("heading")).toHaveText(giftCode);
      await expect(details.getByRole("cell", { name: "Issued" })).toBeVisible();
      await expectNoViolations(page, `/admin/gift-cards (${size.width} px)`);
      await lookAt(page, { path: `test-results/admin-gift-cards-${size.width}.png`, fullPage: true });
    });
  }
});
