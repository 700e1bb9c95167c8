import { test, expect, type APIRequestContext, type Page } from "./test";
import { site } from "../../lib/site";
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

for (const path of ["/", "/contact", "/my-story", "/privacy", "/terms", "/not-a-real-page"]) {
  test(`no horizontal overflow on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("contentinfo")).toBeAttached();
    await expectNoHorizontalOverflow(page);
  });
}

test("390 px: the maker's gift-card list reads as cards, the code masked then shown, resend works; axe-clean and nothing off-screen", async ({ page }) => {
  test.setTimeout(90_000);
  await walkGiftCardList(page, 390);
  await expectNoHorizontalOverflow(page);
});

