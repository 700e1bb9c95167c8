import { test, expect, type Page } from "./test";
import { apiProducts, seedCart, waitForHydration, type ApiProduct } from "./a11y-helpers";
import { queryE2eDb } from "./e2e-env";

/** Gift cards as a shopper (issue 31): an order paid entirely by gift card, with no card form, recorded as one order. */
const cents = (price: string) => Math.round(Number(price) * 100);

async function newGiftCard(dollars: number): Promise<string> {
  const part = () => Math.random().toString(36).slice(2, 6).toUpperCase().replace(/[01IO]/g, "A").padEnd(4, "B");
  const code = `GIFT-${part()}-${part()}-${part()}`;
  const [card] = await queryE2eDb<{ id: number }>(`INSERT INTO "GiftCard" (code, "initialAmount", balance, "updatedAt") VALUES ($1, $2, $2, now()) RETURNING id`, [code, dollars.toFixed(2)]);
  await queryE2eDb(`INSERT INTO "GiftCardMovement" ("giftCardId", kind, amount, "balanceAfter") VALUES ($1, 'issued', $2, $2)`, [card.id, dollars.toFixed(2)]);
  return code;
}

async function cheapProduct(page: Page): Promise<ApiProduct> {
  const products = (await apiProducts(page.request)).filter((p) => !p.uniqueItem && !p.sold);
  products.sort((a, b) => cents(a.price) - cents(b.price));
  return products[0];
}

test("an order paid entirely by gift card: no card form, one order, the card's balance taken", async ({ page }) => {
  test.setTimeout(90_000);
  const product = await cheapProduct(page);
  const code = await newGiftCard(500);
  await seedCart(page, product);
  await page.goto("/checkout");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Checkout" });
  await form.getByLabel("Email").fill("gale.card@example.com");
  await form.getByLabel("First name").fill("Gale");
  await form.getByLabel("Last name").fill("Card");
  await form.getByLabel("Address", { exact: true }).fill("12 Elm Street");
  await form.getByLabel("City").fill("Asheville");
  await form.getByLabel("State").fill("NC");
  await form.getByLabel("ZIP / postal code").fill("28801");
  await expect(form.getByLabel("Card number")).toBeVisible();

  const summary = page.getByTestId("order-summary");
  await summary.getByTestId("gift-card-form").getByLabel("Gift card").fill(code.toLowerCase());
  await summary.getByTestId("gift-card-form").getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("gift-card-payment")).toHaveText("Your gift cards pay for this whole order. No card is needed.");
  await expect(form.getByLabel("Card number")).toHaveCount(0);
  const total = cents(product.price) + (cents(product.price) > 10_000 ? 0 : 1599);
  await expect(summary.getByTestId("summary-card-amount")).toHaveText("$0.00");
  await form.getByTestId("pay-button").click();
  await expect(page).toHaveURL(/\/order-confirmation\?order=ORD-[\w-]+$/);
  const orderNumber = new URL(page.url()).searchParams.get("order")!;

  const [order] = await queryE2eDb<{ total: string; giftCardAmount: string; stripePaymentIntentId: string }>(
    `SELECT total::text, "giftCardAmount"::text, "stripePaymentIntentId" FROM "Order" WHERE "orderNumber" = $1`,
    [orderNumber],
  );
  expect(order).toMatchObject({ total: (total / 100).toFixed(2), giftCardAmount: (total / 100).toFixed(2) });
  expect(order.stripePaymentIntentId).toMatch(/^pi_giftcard_/);
  const [card] = await queryE2eDb<{ balance: string }>(`SELECT balance::text FROM "GiftCard" WHERE code = $1`, [code]);
  expect(card.balance).toBe(((50_000 - total) / 100).toFixed(2));
  expect(await queryE2eDb(`SELECT 1 FROM "TestPaymentIntent" WHERE id = $1`, [order.stripePaymentIntentId])).toHaveLength(0);
});
