import { test, expect, type Page } from "./test";
import { expectNoAxeViolations, signIn } from "./a11y-helpers";
import { queryE2eDb } from "./e2e-env";

/**
 * Weights and measures in the admin (issue 44): a product without a packed weight carries the
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
    await row(page).getByRole("button", { name: `Edit ${NAME}` }).click();
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
  await row(page).getByRole("button", { name: `Edit ${NAME}` }).click();
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
    // The maker's tables (what the Shipping screen saves): a 16.5 kg bedside table costs more to Honolulu than next door.
    const table = (rows: Array<[number | null, string]>) => JSON.stringify(rows.map(([upToGrams, rate]) => ({ upToGrams, rate })));
    await queryE2eDb(
      `INSERT INTO "ShippingZone" ("code", "ships", "method", "flatRate", "freeOver", "rateTable", "updatedAt") VALUES
         ('us', true, 'table', 15.99, NULL, $1::jsonb, now()), ('us_remote', true, 'table', 24.00, NULL, $2::jsonb, now())
       ON CONFLICT ("code") DO UPDATE SET "ships" = EXCLUDED."ships", "method" = EXCLUDED."method", "flatRate" = EXCLUDED."flatRate", "freeOver" = EXCLUDED."freeOver", "rateTable" = EXCLUDED."rateTable"`,
      [table([[500, "6.50"], [5000, "14.00"], [null, "48.00"]]), table([[500, "11.00"], [5000, "29.00"], [null, "140.00"]])],
    );
  });
  test.afterAll(async () => {
    await queryE2eDb(`DELETE FROM "ShippingZone"`);
  });

  test("the summary and the card charge the server's shipping for the address and weight, and the order records it", async ({ page, request }) => {
    const products: Array<{ id: number; slug: string; name: string; price: string; images: string[] }> = (await (await request.get("/api/products?limit=100")).json()).products;
    const bench = products.find((p) => p.slug === TABLE)!;
    expect(bench, "the seeded bedside table").toBeTruthy();
    const cartItems = [{ id: String(bench.id), productId: bench.id, slug: bench.slug, name: bench.name, price: bench.price, image: bench.images[0] ?? null, quantity: 1, uniqueItem: false, unavailable: null }];
    await page.addInitScript((value) => {
      if (sessionStorage.getItem("e2e-preset")) return;
      sessionStorage.setItem("e2e-preset", "1");
      localStorage.setItem("cart-storage", value);
    }, JSON.stringify({ state: { cartItems, cartCount: 1 }, version: 0 }));
    await page.goto("/checkout");
    const f = page.getByRole("form", { name: "Checkout" });
    await f.getByLabel("Email").fill("table.buyer@example.com");
    await f.getByLabel("First name").fill("Robin");
    await f.getByLabel("Last name").fill("Ash");
    await f.getByLabel("Address", { exact: true }).fill("2424 Kalakaua Ave");
    await f.getByLabel("City").fill("Honolulu");
    await f.getByLabel("State").fill("HI");
    await f.getByLabel("ZIP / postal code").fill("96815");
    await expect(page.getByTestId("summary-shipping")).toContainText("$140.00", { timeout: 20_000 });
    await expect(f.getByTestId("pay-button")).toHaveText("Pay $780.00", { timeout: 20_000 });
    // Next door the same table pays the contiguous zone's rate.
    await f.getByLabel("State").fill("NC");
    await f.getByLabel("City").fill("Asheville");
    await f.getByLabel("ZIP / postal code").fill("28801");
    await expect(page.getByTestId("summary-shipping")).toContainText("$48.00", { timeout: 20_000 });
    await expect(f.getByTestId("pay-button")).toHaveText("Pay $688.00", { timeout: 20_000 });
    await f.getByLabel("Card number").fill("4242 4242 4242 4242");
    await f.getByLabel("Expiry (MM / YY)").fill("12/34");
    await f.getByLabel("CVC").fill("123");
    await f.getByTestId("pay-button").click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=ORD-[\w-]+$/, { timeout: 30_000 });
    const orderNumber = new URL(page.url()).searchParams.get("order")!;
    const [order] = await queryE2eDb<{ shipping: string; total: string }>(`SELECT shipping::text, total::text FROM "Order" WHERE "orderNumber" = $1`, [orderNumber]);
    expect(order).toEqual({ shipping: "48.00", total: "688.00" });
  });
});
