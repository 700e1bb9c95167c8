import { test, expect, type Page } from "./test";
import { lookAt } from "./look";
import { adminApiHeaders } from "./a11y-helpers";

/**
 * Search as you type in the navigation search: the ARIA combobox
 * (names a screen reader announces, arrow keys, Enter, Escape), Enter without
 * a choice still searching, and "Did you mean …?" on the results page.
 */

type Suggestion = { slug: string; name: string; price: string; sold: boolean };

const header = (page: Page) => page.getByRole("banner");
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function openSearch(page: Page) {
  await header(page).getByRole("button", { name: "Toggle search" }).click();
  const box = header(page).getByRole("combobox", { name: "Search products" });
  await expect(box).toBeFocused();
  return box;
}

test.describe("search suggestions", () => {
  test("typing shows up to six named suggestions; arrows move, Enter opens the product", async ({ page, request }) => {
    const expected: Suggestion[] = (await (await request.get("/api/search/suggest?q=walnut")).json()).suggestions;
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.length).toBeLessThanOrEqual(6);

    await page.goto("/");
    const box = await openSearch(page);
    await box.pressSequentially("w");
    await page.waitForTimeout(400);
    await expect(box).toHaveAttribute("aria-expanded", "false"); // one character asks for nothing
    await box.pressSequentially("alnut");

    const list = header(page).getByRole("listbox", { name: "Product suggestions" });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await expect(box).toHaveAttribute("aria-controls", (await list.getAttribute("id"))!);
    const options = list.getByRole("option");
    await expect(options).toHaveCount(expected.length);
    await expect(options.first()).toHaveAccessibleName(new RegExp(`^${escape(expected[0].name)}, \\$[\\d,.]+`));
    await expect(header(page).getByRole("status").filter({ hasText: "suggestion" })).toHaveText(`${expected.length} suggestions, use the arrow keys to choose`);
    await expect(options.first().getByRole("img")).toHaveCount(0); // thumbnails are decorative: the name is read once
    await expect(options.first().locator("img")).toHaveCount(1);

    // Arrow keys move the active option; focus stays in the input.
    await box.press("ArrowDown");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id"))!);
    await box.press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
    await box.press("ArrowUp");
    await box.press("ArrowUp"); // wraps to the last
    await expect(options.last()).toHaveAttribute("aria-selected", "true");
    await box.press("ArrowDown"); // wraps to the first
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await expect(box).toBeFocused();

    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/product/${expected[0].slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: expected[0].name })).toBeVisible();
    await expect(header(page).getByRole("combobox")).toHaveCount(0);
  });

  test("Enter without a chosen suggestion searches the term; Escape closes the list, then the form", async ({ page }) => {
    await page.goto("/");
    let box = await openSearch(page);
    await box.pressSequentially("bowl");
    const list = header(page).getByRole("listbox", { name: "Product suggestions" });
    await expect(list).toBeVisible();

    await box.press("Escape");
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(box).toBeVisible();
    await expect(box).toHaveValue("bowl");
    await box.press("Escape");
    await expect(header(page).getByRole("combobox")).toHaveCount(0);

    box = await openSearch(page);
    await box.pressSequentially("bowls");
    await expect(list).toBeVisible();
    await box.press("Enter");
    await expect(page).toHaveURL(/\/shop\?search=bowls$/);
    await expect(page.locator("main").getByTestId("product-count")).not.toHaveText("0 products");
  });

  test("suggestions still on their way when Escape closes the list do not open it again", async ({ page }) => {
    await page.goto("/");
    const box = await openSearch(page);
    await box.pressSequentially("bow");
    const list = header(page).getByRole("listbox", { name: "Product suggestions" });
    await expect(list).toBeVisible();

    // The next keystroke's request is held until the list has been closed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    let cancelled = false;
    page.on("requestfailed", (request) => {
      if (request.url().endsWith("/api/search/suggest?q=bowl")) cancelled = true;
    });
    await page.route(/\/api\/search\/suggest\?q=bowl$/, async (route) => {
      asked = true;
      await held;
      await route.continue().catch(() => {}); // the page has cancelled it: that is the point
    });
    await box.press("l");
    await expect.poll(() => asked).toBe(true);
    await box.press("Escape");
    await expect(list).toBeHidden();
    // Closing the list cancels the request, so its answer can never open the list again.
    await expect.poll(() => cancelled).toBe(true);
    release();
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(box).toHaveValue("bowl");
  });

  test("a click opens a suggestion, and a sold piece says so", async ({ page, request }) => {
    const { products } = await (await request.get("/api/products?limit=100")).json();
    const sold = (products as Array<Suggestion & { uniqueItem: boolean }>).find((p) => p.sold);
    test.skip(!sold, "the demo catalogue has no sold piece on public listings");
    await page.goto("/shop");
    const box = await openSearch(page);
    await box.pressSequentially(sold!.name);
    const option = header(page).getByRole("option", { name: new RegExp(`^${escape(sold!.name)}, \\$[\\d,.]+, sold$`) });
    await expect(option).toBeVisible();
    await expect(option).toContainText("Sold");
    await option.click();
    await expect(page).toHaveURL(new RegExp(`/product/${sold!.slug}$`));
  });

  test("a typo still finds products, with a 'Did you mean' link to the corrected search", async ({ page }) => {
    await page.goto("/shop?search=walnot");
    const main = page.locator("main");
    await expect(main.getByTestId("product-count")).not.toHaveText("0 products");
    await expect(main.getByTestId("did-you-mean")).toHaveText("Did you mean walnut?");
    await main.getByRole("link", { name: "walnut", exact: true }).click();
    await expect(page).toHaveURL(/\/shop\?search=walnut$/);
    await expect(main.getByTestId("did-you-mean")).toHaveCount(0);
  });

  for (const width of [1280, 390]) {
    test(`the open suggestion box at ${width} px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      const box = await openSearch(page);
      await box.pressSequentially("maple");
      await expect(header(page).getByRole("listbox")).toBeVisible();
      await box.press("ArrowDown");
      await box.press("ArrowDown");
      await lookAt(page, { path: testInfo.outputPath(`suggest-${width}.png`) });
      const listBox = await header(page).getByRole("listbox").boundingBox();
      expect(listBox!.x).toBeGreaterThanOrEqual(0);
      expect(listBox!.x + listBox!.width).toBeLessThanOrEqual(width);
    });
  }
});

test.describe("cached search results", () => {
  test("a term searched again is served from the cache, noindex, and follows a product rename at the next request", async ({ request }) => {
    const auth = await adminApiHeaders(request);
    // A product only this test searches for.
    const [target] = (await (await request.get("/api/products?search=walnut&limit=1")).json()).products as Array<{ id: number; name: string; slug: string }>;
    const word = `Zebrawood${Date.now().toString(36)}`;
    const renamed = await request.put(`/api/products/${target.id}`, { headers: auth, data: { name: `${target.name} ${word}` } });
    expect(renamed.status()).toBe(200);

    const url = `/shop?search=${word}`;
    const first = await request.get(url);
    expect(first.status()).toBe(200);
    // The first search renders and stores nothing (or, while another search is answered, gets the results shell).
    if (!(await first.text()).includes("data-search-shell")) expect(first.headers()["x-nextjs-cache"]).not.toBe("HIT");
    // The second is rendered and stored — unless another search is being answered on the instance (the other
    // worker's): then that read gets the results shell and the next one is rendered. Read until the page itself is a HIT.
    let html = "";
    await expect
      .poll(
        async () => {
          const again = await request.get(url);
          html = await again.text();
          return again.headers()["x-nextjs-cache"] === "HIT" && html.includes(`${target.name} ${word}`);
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(html).toContain(`${target.name} ${word}`);
    expect(html).toContain(`Search: &quot;${word}&quot;`);
    expect(html).toMatch(/<meta name="robots" content="noindex/);

    // The rename expires the cached page: the next request shows the new name.
    const back = await request.put(`/api/products/${target.id}`, { headers: auth, data: { name: `Renamed ${target.name} ${word}` } });
    expect(back.status()).toBe(200);
    await expect.poll(async () => (await (await request.get(url)).text()).includes(`Renamed ${target.name} ${word}`), { timeout: 10_000 }).toBe(true);
    await request.put(`/api/products/${target.id}`, { headers: auth, data: { name: target.name } });
  });
});
