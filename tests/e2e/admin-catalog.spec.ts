import { test, expect, type Browser, type Locator, type Page } from "./test";
import sharp from "sharp";
import { signIn as signInAsAdmin } from "./a11y-helpers";

/**
 * The maker's catalogue screens: a category and a product made through the
 * admin UI (two uploaded images), seen on the storefront, cloned, deactivated,
 * the category switched off and on again, then everything removed. The tests
 * share one signed-in page and run in order; their names carry a run id so
 * they never touch the demo catalogue.
 */

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const category = { name: `E2E Jigs ${run}`, slug: `e2e-jigs-${run}` };
const product = {
  name: `Zebrawood Test Bowl ${run}`,
  slug: `zebrawood-test-bowl-${run}`,
  description: "A test bowl turned from a single block of zebrawood, finished with hard wax oil.",
  shortDescription: "Test bowl made by the admin e2e spec.",
  price: "149.50",
};
const clone = { name: `${product.name} (Copy)`, slug: `${product.slug}-copy` };

test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

let page: Page;

async function signIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const p = await context.newPage();
  await signInAsAdmin(p);
  return p;
}

/** A 4:3 PNG of one colour, made here so the test needs no fixture files. */
async function png(name: string, rgb: [number, number, number]) {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

function toast(p: Page, text: string): Locator {
  return p.locator("[data-sonner-toast]").filter({ hasText: text }).first();
}

function productRow(p: Page, slug: string): Locator {
  return p.locator(`[data-testid="product-row"][data-slug="${slug}"]`);
}

function shopCard(p: Page, slug: string): Locator {
  return p.locator(`main [data-testid="product-card"][data-slug="${slug}"]`);
}

function categoryCard(p: Page, slug: string): Locator {
  return p.locator(`[data-testid="category-card"][data-slug="${slug}"]`);
}

async function openProducts(p: Page, search = run) {
  await p.goto(`/admin/products?search=${encodeURIComponent(search)}`);
  await expect(p.getByRole("heading", { level: 1, name: "Products" })).toBeVisible({ timeout: 60_000 });
}

async function chooseCategory(dialog: Locator, name: string) {
  await dialog.getByLabel("Category").selectOption({ label: name });
}

/** The storefront's Categories dropdown (desktop header). */
async function storefrontCategoryNames(p: Page): Promise<string[]> {
  await p.goto("/");
  // The header hydrates after the page (a hydration slice): wait for it, as the other header tests do.
  await expect(p.getByRole("banner").getByRole("button", { name: "Cart", exact: true })).toHaveAttribute("data-ready", /.*/);
  await p.getByRole("banner").getByRole("button", { name: "Categories" }).click();
  const menu = p.getByRole("menu");
  await expect(menu).toBeVisible();
  const names = await menu.getByRole("menuitem").allTextContents();
  await p.keyboard.press("Escape");
  return names.map((n) => n.trim());
}

test.beforeAll(async ({ browser }) => {
  page = await signIn(browser);
});

/** Leaves the database as it was even when a step failed half-way (the last test does the same through the UI). */
async function removeLeftovers(p: Page) {
  const listed = await p.request.get(`/api/admin/products?search=${encodeURIComponent(run)}&limit=50`);
  if (listed.ok()) {
    const { products } = (await listed.json()) as { products: Array<{ id: number; slug: string }> };
    for (const item of products.filter((x) => x.slug.includes(run))) await p.request.delete(`/api/products/${item.id}`);
  }
  const categories = await p.request.get("/api/admin/categories");
  if (categories.ok()) {
    const found = ((await categories.json()) as Array<{ id: number; slug: string }>).find((c) => c.slug === category.slug);
    if (found) await p.request.delete(`/api/categories/${found.id}`);
  }
}

test.afterAll(async () => {
  if (!page) return;
  await removeLeftovers(page);
  await page.context().close();
});

test("creates a category with a slug derived from its name", async () => {
  await page.goto("/admin/categories");
  await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible({ timeout: 60_000 });
  await page.getByRole("button", { name: "Add Category" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Category" });
  await dialog.getByRole("button", { name: "Create category" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();

  await dialog.getByLabel("Name").fill(category.name);
  await expect(dialog.getByLabel("Slug")).toHaveAttribute("placeholder", category.slug);
  await dialog.getByLabel("Slug").fill("Not A Slug!");
  await dialog.getByRole("button", { name: "Create category" }).click();
  await expect(dialog.getByText("Use lowercase letters, numbers, and hyphens only")).toBeVisible();
  await dialog.getByLabel("Slug").fill("");
  await dialog.getByLabel("Description").fill("Shop-made jigs, created by the admin e2e spec.");
  await dialog.getByLabel("Sort order").fill("-1");
  await dialog.getByRole("button", { name: "Create category" }).click();
  await expect(dialog.getByText("Sort order must be 0 or more")).toBeVisible();
  await dialog.getByLabel("Sort order").fill("90");
  await dialog.getByRole("button", { name: "Create category" }).click();

  await expect(toast(page, "Category created successfully.")).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = categoryCard(page, category.slug);
  await expect(card.getByRole("heading", { name: category.name })).toBeVisible();
  await expect(card.getByTestId("category-product-count")).toHaveText("0 products");
  await expect(card.getByRole("switch")).toHaveAttribute("aria-checked", "true");
});

test("the product form asks for a category and at least one image", async () => {
  await openProducts(page);
  await page.getByRole("button", { name: "Add Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Product" });
  await dialog.getByLabel("Name").fill("Walnut Spoon Rest Draft");
  // The slug follows the name until it is edited by hand.
  await expect(dialog.getByLabel("Slug")).toHaveValue("walnut-spoon-rest-draft");
  await dialog.getByLabel("Slug").fill("my-own-slug");
  await dialog.getByLabel("Name").fill("Walnut Spoon Rest Draft 2");
  await expect(dialog.getByLabel("Slug")).toHaveValue("my-own-slug");
  await dialog.getByLabel("Description", { exact: true }).fill("Draft");
  await dialog.getByLabel("Price (USD)").fill("12.5");
  await dialog.getByLabel("Video URL").fill("https://example.com/video");
  await dialog.getByRole("button", { name: "Create product" }).click();

  await expect(dialog.getByText("Please select a category.")).toBeVisible();
  await expect(dialog.getByText("Please upload at least one product image.")).toBeVisible();
  await expect(dialog.getByText("Video URL must be a YouTube or Vimeo link")).toBeVisible();
  // Sold and gallery only make sense for one-of-a-kind pieces.
  await expect(dialog.getByLabel("Sold")).toHaveCount(0);
  await dialog.getByLabel("Unique item").check();
  await expect(dialog.getByLabel("Show in gallery")).toHaveCount(0);
  await dialog.getByLabel("Sold").check();
  await expect(dialog.getByLabel("Show in gallery")).toBeVisible();

  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("product-row")).toHaveCount(0);
});

test("rejects a file that is not an image before uploading it", async () => {
  await page.getByRole("button", { name: "Add Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Product" });
  await dialog.getByLabel("Upload images").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(dialog.getByText("File notes.txt is not an image.")).toBeVisible();
  await expect(dialog.getByTestId("uploaded-image")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("creates a product with two uploaded images and shows it in the shop", async () => {
  await openProducts(page);
  await page.getByRole("button", { name: "Add Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Product" });
  await dialog.getByLabel("Name").fill(product.name);
  await expect(dialog.getByLabel("Slug")).toHaveValue(product.slug);
  await dialog.getByLabel("Price (USD)").fill(product.price);
  await chooseCategory(dialog, category.name);
  await dialog.getByLabel("Short description").fill(product.shortDescription);
  await dialog.getByLabel("Description", { exact: true }).fill(product.description);

  await dialog.getByLabel("Upload images").setInputFiles([await png("first.png", [150, 90, 40]), await png("second.png", [40, 90, 150])]);
  const images = dialog.getByTestId("uploaded-image");
  await expect(images).toHaveCount(2, { timeout: 30_000 });
  await expect(images.first()).toContainText("Main image");
  await expect(images.first()).toContainText("800×600");
  const [firstSrc, secondSrc] = await images.locator("img").evaluateAll((els) => els.map((el) => (el as HTMLImageElement).getAttribute("src") ?? ""));
  // Reorder: the second upload becomes the main image.
  await dialog.getByRole("button", { name: "Move image 2 up" }).click();
  const reordered = await images.locator("img").evaluateAll((els) => els.map((el) => (el as HTMLImageElement).getAttribute("src") ?? ""));
  expect(reordered).toEqual([secondSrc, firstSrc]);
  await dialog.getByLabel("Alt text for image 1").fill("Zebrawood bowl from above");

  await dialog.getByRole("button", { name: "Create product" }).click();
  await expect(toast(page, "Product created successfully.")).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = productRow(page, product.slug);
  await expect(row).toContainText(product.name);
  await expect(row).toContainText(category.name);
  await expect(row).toContainText("$149.50");
  await expect(row.getByTestId("product-badge").filter({ visible: true })).toHaveText(["Active"]);

  // Storefront: the detail page and the shop search.
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  await expect(page.locator("main")).toContainText("$149.50");
  await page.goto(`/shop?search=${encodeURIComponent(`Zebrawood Test Bowl ${run}`)}`);
  await expect(shopCard(page, product.slug)).toHaveCount(1);
  await expect(shopCard(page, product.slug)).toContainText(product.name);
});

test("a duplicate slug is refused with the server's message", async () => {
  await openProducts(page);
  await page.getByRole("button", { name: "Add Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Product" });
  await dialog.getByLabel("Name").fill(product.name);
  await dialog.getByLabel("Price (USD)").fill("10");
  await chooseCategory(dialog, category.name);
  await dialog.getByLabel("Description", { exact: true }).fill("Same slug as an existing product.");
  await dialog.getByLabel("Upload images").setInputFiles([await png("dup.png", [90, 90, 90])]);
  await expect(dialog.getByTestId("uploaded-image")).toHaveCount(1, { timeout: 30_000 });
  await dialog.getByRole("button", { name: "Create product" }).click();
  await expect(toast(page, "Failed to create product.")).toContainText("A product with this slug already exists.");
  await expect(dialog.getByText("A product with this slug already exists.")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});

test("clones a product as a new one named '(Copy)' without images or video", async () => {
  await openProducts(page);
  await productRow(page, product.slug)
    .getByRole("button", { name: `Clone ${product.name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Clone Product" });
  await expect(dialog.getByLabel("Name")).toHaveValue(clone.name);
  await expect(dialog.getByLabel("Slug")).toHaveValue(clone.slug);
  await expect(dialog.getByLabel("Price (USD)")).toHaveValue(product.price);
  await expect(dialog.getByLabel("Video URL")).toHaveValue("");
  await expect(dialog.getByTestId("uploaded-image")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Create copy" }).click();
  await expect(toast(page, "Product created successfully.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(productRow(page, clone.slug)).toContainText(clone.name);
  await expect(productRow(page, product.slug)).toBeVisible();
});

test("deactivating a product takes it out of the shop", async () => {
  await openProducts(page);
  await productRow(page, product.slug)
    .getByRole("button", { name: `Edit ${product.name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Edit Product" });
  await expect(dialog.getByTestId("uploaded-image")).toHaveCount(2);
  await expect(dialog.getByLabel("Active")).toBeChecked();
  await dialog.getByLabel("Active").uncheck();
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Product updated successfully.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(productRow(page, product.slug).getByTestId("product-badge").filter({ visible: true })).toHaveText(["Inactive"]);

  await page.goto(`/product/${product.slug}`);
  await expect(page).toHaveURL(/\/\?product-not-found=true$/);
  await page.goto(`/shop?search=${encodeURIComponent(`Zebrawood Test Bowl ${run}`)}`);
  // The active clone still matches the search; the original is gone.
  await expect(shopCard(page, clone.slug)).toHaveCount(1);
  await expect(shopCard(page, product.slug)).toHaveCount(0);
});

test("switching a category off hides it from the storefront, and on again shows it", async () => {
  await page.goto("/admin/categories");
  const card = categoryCard(page, category.slug);
  await expect(card.getByTestId("category-product-count")).toHaveText("2 products");
  const toggle = card.getByRole("switch", { name: `Active: ${category.name}` });
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  expect(await storefrontCategoryNames(page)).toContain(category.name);

  await page.goto("/admin/categories");
  await toggle.click();
  await expect(toast(page, `“${category.name}” is now inactive.`)).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await page.reload();
  await expect(categoryCard(page, category.slug).getByRole("switch")).toHaveAttribute("aria-checked", "false");

  expect(await storefrontCategoryNames(page)).not.toContain(category.name);
  const gone = await page.goto(`/shop/${category.slug}`);
  expect(gone?.status()).toBe(404);

  await page.goto("/admin/categories");
  await categoryCard(page, category.slug).getByRole("switch").click();
  await expect(toast(page, `“${category.name}” is now active.`)).toBeVisible();
  await expect(categoryCard(page, category.slug).getByRole("switch")).toHaveAttribute("aria-checked", "true");
  expect(await storefrontCategoryNames(page)).toContain(category.name);
  const back = await page.goto(`/shop/${category.slug}`);
  expect(back?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: category.name })).toBeVisible();
});

test("a category that still has products cannot be deleted; products and then the category can", async () => {
  await page.goto("/admin/categories");
  await categoryCard(page, category.slug)
    .getByRole("button", { name: `Delete ${category.name}` })
    .click();
  let confirm = page.getByRole("alertdialog", { name: "Delete category?" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Failed to delete category.")).toContainText("Move or delete the products in this category first.");
  await expect(categoryCard(page, category.slug)).toBeVisible();

  await openProducts(page);
  for (const p of [clone, product]) {
    await productRow(page, p.slug)
      .getByRole("button", { name: `Delete ${p.name}` })
      .click();
    confirm = page.getByRole("alertdialog", { name: "Delete product?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Product deleted successfully.")).toBeVisible();
    await expect(productRow(page, p.slug)).toHaveCount(0);
  }

  await page.goto("/admin/categories");
  await expect(categoryCard(page, category.slug).getByTestId("category-product-count")).toHaveText("0 products");
  await categoryCard(page, category.slug)
    .getByRole("button", { name: `Delete ${category.name}` })
    .click();
  await page.getByRole("alertdialog", { name: "Delete category?" }).getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Category deleted successfully.")).toBeVisible();
  await expect(categoryCard(page, category.slug)).toHaveCount(0);
});
