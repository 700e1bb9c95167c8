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
