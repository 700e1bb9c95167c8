import { test, expect, type Locator, type Page } from "./test";
import { lookAt } from "./look";
import { adminApiHeaders, expectNoAxeViolations, signIn } from "./a11y-helpers";
import { queryE2eDb } from "./e2e-env";
import { fakeRates } from "../helpers/fake-easypost";

/**
 * Weights and measures in the admin: a product without a packed weight carries the
 * "Needs weight" badge in the product list; its form says what is missing, refuses a negative
 * weight on the field, and saves a real one (the badge goes). The form and the Shipping screen
 * are axe clean at 1280 and 390 px.
 */

const SLUG = "maple-key-ring-tag";
const NAME = "Maple Key Ring Tag";

test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

const row = (page: Page) => page.locator(`[data-testid="product-row"][data-slug="${SLUG}"]`);

async function openList(page: Page) {
  await page.goto("/admin/products?search=key+ring");
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible({ timeout: 60_000 });
}

test.beforeAll(async () => {
  // The seed weighs every demo piece: this one is made to have been saved before weights existed.
  await queryE2eDb(`UPDATE "Product" SET "weightGrams" = NULL WHERE "slug" = $1`, [SLUG]);
});

for (const width of [1280, 390]) {
  test(`a product without a weight is badged, and its form asks for one and refuses -5 g (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    await signIn(page);
    await openList(page);
    await expect(row(page).locator(`[data-testid="product-needs-weight"]:visible`)).toHaveCount(1);
    await row(page)
      .getByRole("button", { name: `Edit ${NAME}` })
      .click();
    const dialog = page.getByRole("dialog", { name: "Edit Product" });
    await expect(dialog.getByRole("group", { name: /Weight and package/ })).toBeVisible();
    await expect(dialog.getByTestId("package-missing")).toHaveText("Missing: weight. Until then it ships at its zone's flat or table rate.");
    const weight = dialog.getByLabel("Packed weight (grams)");
    await weight.fill("-5");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog.getByText("Weight is a whole number of grams, 1 to 1,000,000 (1 tonne)")).toBeVisible();
    await expect(weight).toHaveAttribute("aria-invalid", "true");
    expect((await queryE2eDb<{ weightGrams: number | null }>(`SELECT "weightGrams" FROM "Product" WHERE "slug" = $1`, [SLUG]))[0].weightGrams).toBeNull();
    await weight.fill("20");
    await expect(dialog.getByTestId("package-missing")).toHaveText("Shipping can be priced from what this piece weighs and measures.");
    await expectNoAxeViolations(page, "the product form's weight fields");
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    await weight.fill("-5");
    await weight.fill("");
    await dialog.getByRole("button", { name: "Cancel" }).click();
  });
}

test("saving a weight removes the badge; the Shipping screen is axe clean", async ({ page }) => {
  await signIn(page);
  await openList(page);
  await row(page)
    .getByRole("button", { name: `Edit ${NAME}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Edit Product" });
  await dialog.getByLabel("Packed weight (grams)").fill("20");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Product updated successfully." }).first()).toBeVisible();
  await expect(row(page).getByTestId("product-needs-weight")).toHaveCount(0);
  expect((await queryE2eDb<{ weightGrams: number | null }>(`SELECT "weightGrams" FROM "Product" WHERE "slug" = $1`, [SLUG]))[0].weightGrams).toBe(20);
  await page.goto("/admin/shipping");
  await expect(page.getByRole("heading", { level: 1, name: "Shipping" })).toBeVisible();
  await expect(page.getByTestId("zone-us").getByLabel("Flat rate ($)")).toHaveValue("15.99");
  await expectNoAxeViolations(page, "the Shipping screen");
});

test("a variant ships in a box of its own: the product form's Box for that variant saves it, and the Shipping screen counts it", async ({ page, request }) => {
  const auth = await adminApiHeaders(request);
  const t = Date.now().toString(36);
  const box = await request.post("/api/admin/shipping/boxes", { headers: auth, data: { name: `Jig tube ${t}`, innerLengthMm: 600, innerWidthMm: 90, innerHeightMm: 90 } });
  expect(box.status()).toBe(201);
  const boxId = (await box.json()).id as number;
  const [model] = (await (await request.get("/api/products?limit=1")).json()).products as Array<{ categoryId: number; images: string[] }>;
  const name = `Marking Gauge ${t}`;
  const created = await request.post("/api/products", {
    headers: auth,
    data: {
      name,
      description: "Two lengths of beam.",
      price: "32.00",
      categoryId: model.categoryId,
      images: model.images.slice(0, 1),
      weightGrams: 300,
      lengthMm: 250,
      widthMm: 80,
      heightMm: 40,
      options: [{ name: "Beam", values: ["Short", "Long"] }],
      variants: [
        { sku: `MG-S-${t}`.toUpperCase(), values: ["Short"], price: "32.00", kind: "made_to_order" },
        { sku: `MG-L-${t}`.toUpperCase(), values: ["Long"], price: "38.00", kind: "made_to_order" },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const product = (await created.json()) as { id: number };
  const boxes = async () => queryE2eDb<{ sku: string; boxId: number | null }>(`SELECT sku, "boxId" FROM "ProductVariant" WHERE "productId" = $1 ORDER BY sku`, [product.id]);
  try {
    await signIn(page);
    await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Product" });
    const longBox = dialog.getByLabel("Box of Long");
    await expect(longBox).toHaveValue("");
    await expect(longBox.locator("option:checked")).toHaveText("The product's");
    await longBox.selectOption({ label: `Jig tube ${t}` });
    await longBox.scrollIntoViewIfNeeded();
    await lookAt(page, { path: "/tmp/ship-shots/variant-box-1280.png" });
    await expectNoAxeViolations(page, "the product form's variant fields with a box");
    await page.setViewportSize({ width: 390, height: 844 });
    await longBox.scrollIntoViewIfNeeded();
    await lookAt(page, { path: "/tmp/ship-shots/variant-box-390.png" });
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Product updated successfully." }).first()).toBeVisible();
    expect(await boxes()).toEqual([
      { sku: `MG-L-${t}`.toUpperCase(), boxId },
      { sku: `MG-S-${t}`.toUpperCase(), boxId: null },
    ]);
    // Opened again, the form shows the variant's box.
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    await expect(page.getByRole("dialog", { name: "Edit Product" }).getByLabel("Box of Long")).toHaveValue(String(boxId));
    await page.goto("/admin/shipping");
    await expect(page.getByText(`Jig tube ${t}`).locator("..")).toContainText("0 products, 1 variant");
  } finally {
    expect((await request.delete(`/api/products/${product.id}`, { headers: auth })).status()).toBe(200);
    expect((await request.delete(`/api/admin/shipping/boxes/${boxId}`, { headers: auth })).status()).toBe(200);
  }
});

test.describe("checkout with a rate table", () => {
  const TABLE = "maple-bedside-table-with-drawer";
  test.beforeAll(async () => {
    // The maker's table for Alaska, Hawaii and the territories only (what the Shipping screen saves): no other
    // spec ships there, so specs running beside this one keep the spec's $15.99 / free over $100.
    const table = JSON.stringify([
      { upToGrams: 500, rate: "11.00" },
      { upToGrams: 5000, rate: "29.00" },
      { upToGrams: null, rate: "140.00" },
    ]);
    await queryE2eDb(
      `INSERT INTO "ShippingZone" ("code", "ships", "method", "flatRate", "freeOver", "rateTable", "updatedAt") VALUES ('us_remote', true, 'table', 24.00, NULL, $1::jsonb, now())
       ON CONFLICT ("code") DO UPDATE SET "ships" = EXCLUDED."ships", "method" = EXCLUDED."method", "flatRate" = EXCLUDED."flatRate", "freeOver" = EXCLUDED."freeOver", "rateTable" = EXCLUDED."rateTable"`,
      [table],
    );
  });
  test.afterAll(async () => {
    await queryE2eDb(`DELETE FROM "ShippingZone" WHERE "code" = 'us_remote'`);
  });

  test("the summary and the card charge the server's shipping for the address and weight, and the order records it", async ({ page, request }) => {
    const products: Array<{ id: number; slug: string; name: string; price: string; images: string[] }> = (await (await request.get("/api/products?limit=100")).json()).products;
    const piece = products.find((p) => p.slug === TABLE)!;
    expect(piece, "the seeded bedside table").toBeTruthy();
    const cartItems = [
      { id: String(piece.id), productId: piece.id, slug: piece.slug, name: piece.name, price: piece.price, image: piece.images[0] ?? null, quantity: 1, uniqueItem: false, unavailable: null },
    ];
    await page.addInitScript(
      (value) => {
        if (sessionStorage.getItem("e2e-preset")) return;
        sessionStorage.setItem("e2e-preset", "1");
        localStorage.setItem("cart-storage", value);
      },
      JSON.stringify({ state: { cartItems, cartCount: 1 }, version: 0 }),
    );
    await page.goto("/checkout");
    const f = page.getByRole("form", { name: "Checkout" });
    const shipTo = async (city: string, state: string, zip: string) => {
      await f.getByLabel("City").fill(city);
      await f.getByLabel("State").fill(state);
      await f.getByLabel("ZIP / postal code").fill(zip);
    };
    await f.getByLabel("Email").fill("table.buyer@example.com");
    await f.getByLabel("First name").fill("Robin");
    await f.getByLabel("Last name").fill("Ash");
    await f.getByLabel("Address", { exact: true }).fill("2424 Kalakaua Ave");
    // 16.5 kg to Honolulu: the table's heaviest row.
    await shipTo("Honolulu", "HI", "96815");
    await expect(page.getByTestId("summary-shipping")).toContainText("$140.00", { timeout: 20_000 });
    await expect(f.getByTestId("pay-button")).toHaveText("Pay $780.00", { timeout: 20_000 });
    // Next door the same piece keeps the spec's rule: free over $100.
    await shipTo("Asheville", "NC", "28801");
    await expect(page.getByTestId("summary-shipping")).toContainText("Free", { timeout: 20_000 });
    await expect(f.getByTestId("pay-button")).toHaveText("Pay $640.00", { timeout: 20_000 });
    await shipTo("Honolulu", "HI", "96815");
    await expect(f.getByTestId("pay-button")).toHaveText("Pay $780.00", { timeout: 20_000 });
    await f.getByLabel("Card number").fill("4242 4242 4242 4242");
    await f.getByLabel("Expiry (MM / YY)").fill("12/34");
    await f.getByLabel("CVC").fill("123");
    await f.getByTestId("pay-button").click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=ORD-[\w-]+$/, { timeout: 30_000 });
    const orderNumber = new URL(page.url()).searchParams.get("order")!;
    const [order] = await queryE2eDb<{ shipping: string; total: string }>(`SELECT shipping::text, total::text FROM "Order" WHERE "orderNumber" = $1`, [orderNumber]);
    expect(order).toEqual({ shipping: "140.00", total: "780.00" });
  });
});

test.describe("checkout with live carrier rates and local pickup", () => {
  // The e2e shop runs against a local fake of EasyPost (tests/e2e/start-server.ts). Only Alaska, Hawaii and the
  // territories are priced live here: no other spec ships there. Pickup is switched on for these tests only.
  const TABLE = "maple-bedside-table-with-drawer";
  const HONOLULU = { city: "Honolulu", state: "HI", zip: "96815" };
  test.beforeAll(async () => {
    await queryE2eDb(
      `INSERT INTO "ShippingZone" ("code", "ships", "method", "flatRate", "freeOver", "rateTable", "updatedAt") VALUES ('us_remote', true, 'live', 24.00, NULL, '[{"upToGrams": null, "rate": "140.00"}]'::jsonb, now())
       ON CONFLICT ("code") DO UPDATE SET "ships" = EXCLUDED."ships", "method" = EXCLUDED."method", "flatRate" = EXCLUDED."flatRate", "freeOver" = EXCLUDED."freeOver", "rateTable" = EXCLUDED."rateTable"`,
    );
    await queryE2eDb(
      `INSERT INTO "ShopSettings" ("id", "pickupEnabled", "pickupAddress", "pickupHours", "updatedAt") VALUES (1, true, '4 Mill Lane, Asheville NC 28801', 'Saturdays 10:00–14:00', now())
       ON CONFLICT ("id") DO UPDATE SET "pickupEnabled" = true, "pickupAddress" = EXCLUDED."pickupAddress", "pickupHours" = EXCLUDED."pickupHours"`,
    );
  });
  test.afterAll(async () => {
    await queryE2eDb(`DELETE FROM "ShippingZone" WHERE "code" = 'us_remote'`);
    await queryE2eDb(`UPDATE "ShopSettings" SET "pickupEnabled" = false WHERE "id" = 1`);
  });

  async function openCheckout(page: Page, request: import("@playwright/test").APIRequestContext, street = "2424 Kalakaua Ave") {
    const products: Array<{ id: number; slug: string; name: string; price: string; images: string[] }> = (await (await request.get("/api/products?limit=100")).json()).products;
    const piece = products.find((p) => p.slug === TABLE)!;
    expect(piece, "the seeded bedside table").toBeTruthy();
    const cartItems = [
      { id: String(piece.id), productId: piece.id, slug: piece.slug, name: piece.name, price: piece.price, image: piece.images[0] ?? null, quantity: 1, uniqueItem: false, unavailable: null },
    ];
    await page.addInitScript(
      (value) => {
        if (sessionStorage.getItem("e2e-preset")) return;
        sessionStorage.setItem("e2e-preset", "1");
        localStorage.setItem("cart-storage", value);
      },
      JSON.stringify({ state: { cartItems, cartCount: 1 }, version: 0 }),
    );
    await page.goto("/checkout");
    const f = page.getByRole("form", { name: "Checkout" });
    await f.getByLabel("Email").fill("rates.buyer@example.com");
    await f.getByLabel("First name").fill("Robin");
    await f.getByLabel("Last name").fill("Ash");
    await f.getByLabel("Address", { exact: true }).fill(street);
    await f.getByLabel("City").fill(HONOLULU.city);
    await f.getByLabel("State").fill(HONOLULU.state);
    await f.getByLabel("ZIP / postal code").fill(HONOLULU.zip);
    const [{ weightGrams }] = await queryE2eDb<{ weightGrams: number }>(`SELECT "weightGrams" FROM "Product" WHERE "slug" = $1`, [TABLE]);
    // What the fake carrier charges for this parcel to Honolulu, cheapest first (the SDK sends ounces to one decimal).
    const rates = fakeRates(Math.round((weightGrams / 28.349523125) * 10) / 10, HONOLULU.zip).sort((a, b) => Number(a.rate) - Number(b.rate));
    return { f, price: Math.round(Number(piece.price) * 100), rates };
  }

  async function payByCard(page: Page, f: import("@playwright/test").Locator) {
    await f.getByLabel("Card number").fill("4242 4242 4242 4242");
    await f.getByLabel("Expiry (MM / YY)").fill("12/34");
    await f.getByLabel("CVC").fill("123");
    await f.getByTestId("pay-button").click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=ORD-[\w-]+$/, { timeout: 30_000 });
    const orderNumber = new URL(page.url()).searchParams.get("order")!;
    const [order] = await queryE2eDb<{ shipping: string; shippingService: string }>(`SELECT shipping::text, "shippingService" FROM "Order" WHERE "orderNumber" = $1`, [orderNumber]);
    return order;
  }

  /**
   * Does `act` (a change of delivery option) and waits until the payment is prepared for it: the intent request
   * naming that option answered, and the Pay button live and drawn in full. Checkout prepares the payment again
   * half a second after each change; a button fading back in while axe reads it is measured at the wrong contrast.
   */
  async function preparedAfter(page: Page, f: Locator, forChoice: (body: { shippingMethod?: string; shippingRate?: string }) => boolean, act: () => Promise<void>) {
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/create-payment-intent") && r.ok() && forChoice(JSON.parse(r.request().postData() ?? "{}")));
    await act();
    await answered;
    await expect(f.getByTestId("pay-button")).toBeEnabled();
    await expect(f.getByTestId("pay-button")).toHaveCSS("opacity", "1");
  }
  const serviceCode = (r: { carrier: string; service: string }) =>
    `${r.carrier}_${r.service}`
      .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, "_");

  const dollars = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

  for (const width of [1280, 390]) {
    test(`the shopper picks a carrier rate with the keyboard; the card and the order are for that rate (${width} px)`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
      const { f, price, rates } = await openCheckout(page, request);
      const delivery = f.getByRole("group", { name: "Delivery" });
      const radios = delivery.getByRole("radio");
      await expect(radios).toHaveCount(rates.length + 1, { timeout: 20_000 });
      // Cheapest first, each with its price and estimate; pickup last, free, with the workshop's address and hours.
      for (const [i, r] of rates.entries()) {
        const option = delivery.getByTestId("shipping-option").nth(i);
        await expect(option).toContainText(`$${r.rate}`);
        await expect(option).toContainText(`Estimated ${r.delivery_days} business days`);
      }
      await expect(delivery.getByRole("radio", { name: /Local pickup/ })).toBeVisible();
      await expect(delivery.getByText("4 Mill Lane, Asheville NC 28801 · Saturdays 10:00–14:00")).toBeVisible();
      await expect(radios.first()).toBeChecked();
      await expect(f.getByTestId("pay-button")).toHaveText(`Pay ${dollars(price + Math.round(Number(rates[0].rate) * 100))}`, { timeout: 20_000 });
      // Arrow keys move the choice, as in any radio group.
      await radios.first().focus();
      const chosen = rates[1];
      await preparedAfter(
        page,
        f,
        (b) => b.shippingRate === serviceCode(chosen),
        () => page.keyboard.press("ArrowDown"),
      );
      await expect(radios.nth(1)).toBeChecked();
      await expect(radios.nth(1)).toBeFocused();
      await expect(page.getByTestId("summary-shipping")).toContainText(`$${chosen.rate}`, { timeout: 20_000 });
      await expect(f.getByTestId("pay-button")).toHaveText(`Pay ${dollars(price + Math.round(Number(chosen.rate) * 100))}`, { timeout: 20_000 });
      await lookAt(page, { path: `/tmp/ship-shots/checkout-rates-${width}.png`, fullPage: true });
      await expectNoAxeViolations(page, "checkout's delivery options");
      const order = await payByCard(page, f);
      expect(order).toEqual({
        shipping: chosen.rate,
        shippingService: serviceCode(chosen),
      });
    });

    test(`local pickup is free, shows where and when, and the order records it (${width} px)`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
      const { f, price } = await openCheckout(page, request);
      const pickup = f.getByRole("radio", { name: /Local pickup/ });
      await expect(pickup).toBeVisible({ timeout: 20_000 });
      await preparedAfter(
        page,
        f,
        (b) => b.shippingMethod === "pickup",
        () => pickup.check(),
      );
      await expect(page.getByTestId("summary-shipping")).toContainText("Free", { timeout: 20_000 });
      await expect(page.getByTestId("order-summary")).toContainText("Local pickup");
      await expect(f.getByTestId("pay-button")).toHaveText(`Pay ${dollars(price)}`, { timeout: 20_000 });
      await lookAt(page, { path: `/tmp/ship-shots/checkout-pickup-${width}.png`, fullPage: true });
      await expectNoAxeViolations(page, "checkout with local pickup chosen");
      expect(await payByCard(page, f)).toEqual({ shipping: "0.00", shippingService: "LOCAL_PICKUP" });
    });
  }

  test("an address the carrier cannot deliver to is an error on the street field, and no payment is prepared (390 px)", async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const intents: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/create-payment-intent")) intents.push(r.url());
    });
    const { f } = await openCheckout(page, request, "1 Undeliverable Way");
    const street = f.getByLabel("Address", { exact: true });
    await expect(f.getByText("The carrier cannot deliver to this address: please check the street, city, state and ZIP code.")).toBeVisible({ timeout: 20_000 });
    await expect(street).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page, "checkout with an address the carrier rejects");
    // No payment is prepared for an address the carrier refuses: the payment step says what to do, not "Preparing payment..." for ever.
    await expect(f.getByText("Correct the shipping address above to pay: the carrier cannot deliver to it.")).toBeVisible();
    await expect(f.getByText("Preparing payment...")).toHaveCount(0);
    await expect(f.getByTestId("pay-button")).toHaveCount(0);
    expect(intents).toEqual([]);
    // Corrected, the carrier's rates come and the payment is prepared.
    await street.fill("2424 Kalakaua Ave");
    await expect(f.getByRole("group", { name: "Delivery" }).getByRole("radio").first()).toBeChecked({ timeout: 20_000 });
    await expect(street).not.toHaveAttribute("aria-invalid", "true");
    await expect(f.getByTestId("pay-button")).toBeEnabled({ timeout: 20_000 });
  });

  test("a carrier that does not answer in time: the zone's own rate is offered and charged, and the sale goes on (1280 px)", async ({ page, request }) => {
    const { f, price } = await openCheckout(page, request, "5 Slow Carrier Road");
    const delivery = f.getByRole("group", { name: "Delivery" });
    await expect(f.getByText("Live carrier rates are unavailable just now: this is our standard rate.")).toBeVisible({ timeout: 20_000 });
    // Honolulu's zone: its rate table's $140.00 for any weight.
    await expect(delivery.getByTestId("shipping-option").first()).toContainText("$140.00");
    await expect(page.getByTestId("summary-shipping")).toContainText("$140.00");
    await expect(f.getByTestId("pay-button")).toHaveText(`Pay ${dollars(price + 140_00)}`, { timeout: 20_000 });
    await expect(f.getByTestId("pay-button")).toBeEnabled({ timeout: 20_000 });
    expect(await payByCard(page, f)).toMatchObject({ shipping: "140.00" });
  });
});

test.describe("an oversize piece's delivery on its page and in the cart", () => {
  test("freight, then delivery by arrangement: the product page says which, and the cart's Shipping line follows (1280 and 390 px)", async ({ page, request }) => {
    const auth = await adminApiHeaders(request);
    const [model] = (await (await request.get("/api/products?limit=1")).json()).products as Array<{ categoryId: number; images: string[] }>;
    const name = `Walnut Dining Table ${Date.now().toString(36)}`;
    const created = await request.post("/api/products", {
      headers: auth,
      data: { name, description: "Seats eight; delivered assembled.", price: "1450.00", categoryId: model.categoryId, images: model.images.slice(0, 1) },
    });
    expect(created.status()).toBe(201);
    const table = (await created.json()) as { id: number; slug: string; name: string; price: string; images: string[] };
    const setPackage = async (data: Record<string, unknown>) => expect((await request.put(`/api/admin/products/${table.id}/package`, { headers: auth, data })).status()).toBe(200);
    try {
      await setPackage({ weightGrams: 80_000, freightPrice: "240.00" });
      await page.goto(`/product/${table.slug}`);
      await expect(page.getByTestId("product-delivery")).toHaveText("Freight delivery: $240.00 per piece");
      await page.addInitScript(
        (line) => {
          if (!sessionStorage.getItem("seeded")) {
            localStorage.setItem("cart-storage", JSON.stringify({ state: { cartItems: [line], cartCount: 1 }, version: 0 }));
            sessionStorage.setItem("seeded", "1");
          }
        },
        { id: String(table.id), productId: table.id, slug: table.slug, name: table.name, price: table.price, image: table.images[0] ?? null, quantity: 1, uniqueItem: false, unavailable: null },
      );
      await page.goto("/cart");
      const summary = page.getByTestId("order-summary");
      // The goods are over $100: the parcel part is free, the freight is the piece's own.
      await expect(summary.getByTestId("summary-shipping")).toHaveText("$240.00");
      await expect(summary.getByTestId("summary-total")).toHaveText(`$${(1450 + 240 + 116).toLocaleString("en-US")}.00`);
      await lookAt(page, { path: "/tmp/ship-shots/cart-freight-1280.png", fullPage: true });

      await setPackage({ freightPrice: null, contactForDelivery: true });
      await page.goto(`/product/${table.slug}`);
      await expect(page.getByTestId("product-delivery")).toHaveText("Delivered by arrangement: contact us for delivery");
      await expect(page.getByTestId("product-delivery").getByRole("link", { name: "contact us" })).toHaveAttribute("href", "/contact");
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
        await page.goto("/cart");
        await expect(summary.getByTestId("summary-shipping")).toHaveText("At checkout");
        await expect(summary).toContainText("Total before shipping");
        await expect(summary.getByTestId("summary-total")).toHaveText(`$${(1450 + 116).toLocaleString("en-US")}.00`);
        await lookAt(page, { path: `/tmp/ship-shots/cart-arrangement-${width}.png`, fullPage: true });
      }
      await expectNoAxeViolations(page, "the cart with a piece delivered by arrangement");
    } finally {
      await request.delete(`/api/products/${table.id}`, { headers: auth });
    }
  });
});
