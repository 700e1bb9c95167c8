import { test, expect, type Page } from "./test";
import { expectNoAxeViolations, signIn } from "./a11y-helpers";
import { queryE2eDb } from "./e2e-env";

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
