import { test, expect, type Page } from "./test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, apiProducts, expectNoAxeViolations, seedCart, waitForHydration, type ApiProduct } from "./a11y-helpers";
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

test("buying a gift card for someone: nothing ships, the recipient's email is asked, and the code goes to the recipient", async ({ page }) => {
  test.slow();
  // Made by the maker through the API, as the admin form does (so the catalogue's caches hear of it), and withdrawn afterwards.
  const request = page.request;
  const login = await request.post("/api/admin/login", { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(login.status()).toBe(200);
  const auth = { authorization: `Bearer ${(await login.json()).token}` };
  const [seed] = await queryE2eDb<{ categoryId: number; url: string }>(
    `SELECT p."categoryId", i.url FROM "Product" p JOIN "ProductImage" i ON i."productId" = p.id JOIN "Category" c ON c.id = p."categoryId" WHERE p.active AND c.active ORDER BY p.id LIMIT 1`,
  );
  const slug = `gift-card-e2e-${Date.now().toString(36)}`;
  const created = await request.post("/api/products", {
    headers: auth,
    data: { name: "E2E Gift Card $40", slug, description: "A gift card for the workshop.", price: "40.00", categoryId: seed.categoryId, images: [{ url: seed.url, width: 1200, height: 900, alt: null }], kind: "gift_card" },
  });
  expect(created.status()).toBe(201);
  const productId = (await created.json()).id as number;
  try {
    await buyGiftCardFor(page, slug);
  } finally {
    expect((await request.put(`/api/products/${productId}`, { headers: auth, data: { active: false } })).status()).toBe(200);
  }
});

async function buyGiftCardFor(page: Page, slug: string) {
  const recipientEmail = `fran.${slug}@example.com`;
  await page.goto(`/product/${slug}`);
  await waitForHydration(page);
  const main = page.getByRole("main");
  await expect(main.getByText("Emailed to its recipient once paid — nothing to ship").first()).toBeVisible();
  await page.getByTestId("product-info").getByTestId("add-to-cart").click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  await page.goto("/cart");
  await expect(page.getByTestId("summary-shipping")).toContainText("Free");
  await expect(page.getByTestId("free-shipping-note")).toHaveCount(0);

  await page.goto("/checkout");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Checkout" });
  const recipient = form.getByLabel("Gift card recipient's email");
  await expect(recipient).toBeVisible();
  await form.getByLabel("Email", { exact: true }).fill("gia.giver@example.com");
  await form.getByLabel("First name").fill("Gia");
  await form.getByLabel("Last name").fill("Giver");
  await recipient.fill("not an address");
  await form.getByLabel("Address", { exact: true }).fill("12 Elm Street");
  await form.getByLabel("City").fill("Asheville");
  await form.getByLabel("State").fill("NC");
  await form.getByLabel("ZIP / postal code").fill("28801");
  await expect(page.getByTestId("order-summary").getByTestId("summary-shipping")).toContainText("None");
  await form.getByLabel("Card number").fill("4242 4242 4242 4242");
  await form.getByLabel("Expiry (MM / YY)").fill("12/34");
  await form.getByLabel("CVC").fill("123");
  await form.getByTestId("pay-button").click();
  // A recipient that is not an address is refused in the form, and focused.
  await expect(recipient).toHaveAttribute("aria-invalid", "true");
  await expect(recipient).toBeFocused();
  await expect(form.getByText("Enter the recipient's email address, or leave it empty to get the gift card yourself")).toBeVisible();
  await recipient.fill(`Fran.${slug}@Example.com`);
  await expectNoAxeViolations(page, "the checkout with a gift card");
  await form.getByTestId("pay-button").click();
  await expect(page).toHaveURL(/\/order-confirmation\?order=ORD-[\w-]+$/);
  const orderNumber = new URL(page.url()).searchParams.get("order")!;

  const [order] = await queryE2eDb<{ id: number; total: string; shipping: string }>(`SELECT id, total::text, shipping::text FROM "Order" WHERE "orderNumber" = $1`, [orderNumber]);
  expect(order).toMatchObject({ total: "40.00", shipping: "0.00" });
  const cards = await queryE2eDb<{ balance: string; recipientEmail: string }>(`SELECT balance::text, "recipientEmail" FROM "GiftCard" WHERE "orderId" = $1`, [order.id]);
  expect(cards).toEqual([{ balance: "40.00", recipientEmail }]);
  const emails = await queryE2eDb<{ subject: string; text: string }>(`SELECT subject, text FROM "EmailMessage" WHERE "to" = $1`, [recipientEmail]);
  expect(emails.map((e) => e.subject)).toEqual(["A Maple & Micron gift card for you"]);
  expect(emails[0].text).toContain("Gia Giver sent you a Maple & Micron gift card for $40.00.");
}
