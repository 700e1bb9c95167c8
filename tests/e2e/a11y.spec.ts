import { test, expect, type Locator, type Page } from "./test";
import { axeReport, apiProducts, cartButton, seedCart, seedOrder, signIn, waitForHydration, type ApiProduct } from "./a11y-helpers";

/**
 * axe-core (WCAG 2.2 AA rule set) over every public page, at 1280 px and at
 * 390 px, with the overlays open (cart drawer, mobile menu, categories menu,
 * each admin dialog): no violation of any impact. The admin screens as they
 * load are admin-axe.spec.ts's and admin-axe-mobile.spec.ts's (every screen of app/admin).
 * A failure lists each rule with the offending elements, so the message says what to fix.
 */

const WIDTHS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

async function expectNoViolations(page: Page, where: string) {
  expect(await axeReport(page), `axe violations on ${where}`).toEqual([]);
}

/** Opens an overlay with `open`, checks the page with it open, closes it with Escape. */
async function withOverlay(page: Page, where: string, open: () => Promise<Locator>) {
  const overlay = await open();
  await expect(overlay).toBeVisible();
  // Let open animations finish: half-faded text would be measured at the wrong contrast.
  await overlay.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
  await expectNoViolations(page, where);
  await page.keyboard.press("Escape");
  await expect(overlay).toBeHidden();
}

for (const size of WIDTHS) {
  test.describe(`axe at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    // The pages whose address depends on the seed name a product or category found through the public API.
    const PUBLIC_PAGES: Array<{ name: string; path: (api: { available: ApiProduct; sold: ApiProduct; batch: ApiProduct; withVariants: ApiProduct; category: string }) => string }> = [
      { name: "home", path: () => "/" },
      { name: "shop", path: () => "/shop" },
      { name: "a category", path: ({ category }) => `/shop/${category}` },
      { name: "a product", path: ({ available }) => `/product/${available.slug}` },
      { name: "a sold product", path: ({ sold }) => `/product/${sold.slug}` },
      { name: "a small batch (only a few left)", path: ({ batch }) => `/product/${batch.slug}` },
      { name: "a product with variants", path: ({ withVariants }) => `/product/${withVariants.slug}` },
      { name: "a product with a variant chosen by its address", path: ({ withVariants }) => `/product/${withVariants.slug}?variant=${withVariants.variants!.at(-1)!.sku}` },
      { name: "gallery", path: () => "/gallery" },
      { name: "my story", path: () => "/my-story" },
      { name: "contact", path: () => "/contact" },
      { name: "privacy", path: () => "/privacy" },
      { name: "terms", path: () => "/terms" },
      { name: "search results", path: () => "/shop?search=walnut" },
      { name: "404", path: () => "/no-such-page-here" },
    ];
    // One walk in one browser context: a fresh context per page paid for loading and compiling
    // the shop's scripts again every time (about 6 s of a 10 s test on a 2-core machine).
    // Soft assertions: a page with violations is named and the walk goes on to the next.
    test("public pages", async ({ page, request }) => {
      test.slow();
      const products = await apiProducts(request);
      const sold = products.find((p) => p.sold)!;
      expect(sold, "a sold product in the seed").toBeTruthy();
      const categories: Array<{ slug: string }> = await (await request.get("/api/categories")).json();
      const batch = products.find((p) => p.stock !== null && p.stock !== undefined && p.stock > 0 && p.stock <= 5)!;
      const withVariants = products.find((p) => p.variants?.length)!;
      expect(withVariants, "a product with variants in the seed").toBeTruthy();
      const api = { available: products.find((p) => !p.uniqueItem && !p.sold && !p.variants)!, sold, batch, withVariants, category: categories[0].slug };
      for (const { name, path } of PUBLIC_PAGES) {
        const url = path(api);
        await page.goto(url);
        await waitForHydration(page);
        // Islands with chunks of their own (the contact form, the variant controls) hydrate after the header:
        // a button turning from disabled to live while axe reads it is measured half-faded.
        await page.waitForLoadState("networkidle");
        expect.soft(await axeReport(page), `axe violations on ${name} (${url})`).toEqual([]);
      }
    });

    test("cart, checkout and order confirmation with an item", async ({ page, request }) => {
      test.setTimeout(120_000);
      const product = (await apiProducts(request)).find((p) => !p.uniqueItem && !p.sold)!;
      await seedCart(page, product);
      for (const path of ["/cart", "/checkout"]) {
        await page.goto(path);
        await waitForHydration(page);
        // The cart is client-rendered; at phone width the checkout folds its lines away (checked unfolded below).
        await expect(page.getByText(product.name).first()).toBeAttached();
        await expectNoViolations(page, path);
      }
      const unfold = page.getByTestId("order-summary").getByRole("button", { name: "Show items" });
      if (await unfold.isVisible()) {
        await unfold.click();
        await expect(page.getByTestId("order-summary").getByText(product.name)).toBeVisible();
        await expectNoViolations(page, "/checkout with the order lines unfolded");
      }
      // The order confirmation shows the number from the query string.
      await page.goto("/order-confirmation?order=ORD-A11Y-0001");
      await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeVisible();
      await expectNoViolations(page, "/order-confirmation");
    });

    test("overlays: cart drawer, menus", async ({ page, request }) => {
      test.setTimeout(120_000);
      const product = (await apiProducts(request)).find((p) => !p.uniqueItem && !p.sold)!;
      await seedCart(page, product);
      await page.goto("/");
      await waitForHydration(page);
      await withOverlay(page, "the cart drawer", async () => {
        await cartButton(page).click();
        return page.getByRole("dialog", { name: /cart/i });
      });
      if (size.width < 768) {
        await withOverlay(page, "the mobile menu", async () => {
          await page.getByRole("button", { name: "Open menu" }).click();
          return page.getByRole("dialog");
        });
      } else {
        await withOverlay(page, "the categories menu", async () => {
          await page.getByRole("banner").getByRole("button", { name: "Categories" }).click();
          return page.getByRole("menu");
        });
      }
    });

    // Each admin screen as it loads is admin-axe.spec.ts's (1280 px) and admin-axe-mobile.spec.ts's (390 px), read
    // from app/admin; here, what only opens on a click: the forgot-password form, every dialog and confirmation.
    test("admin dialogs and the forgot-password form", async ({ page }) => {
      test.setTimeout(240_000);
      const tag = `${Date.now().toString(36)}${size.width}`;
      const order = await seedOrder(tag);

      await page.goto("/admin/login");
      await page.getByRole("button", { name: "Forgot your password?" }).click();
      await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
      await expectNoViolations(page, "/admin/login, forgot-password form");

      await signIn(page);

      await page.goto("/admin/products");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await withOverlay(page, "the add-product dialog", async () => {
        await page.getByRole("button", { name: "Add Product" }).click();
        return page.getByRole("dialog");
      });
      await withOverlay(page, "the edit-product dialog", async () => {
        await page
          .getByRole("button", { name: /^Edit / })
          .first()
          .click();
        return page.getByRole("dialog");
      });
      await withOverlay(page, "the delete-product confirmation", async () => {
        await page
          .getByRole("button", { name: /^Delete / })
          .first()
          .click();
        return page.getByRole("alertdialog");
      });

      await page.goto("/admin/categories");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await withOverlay(page, "the add-category dialog", async () => {
        await page.getByRole("button", { name: "Add Category" }).click();
        return page.getByRole("dialog");
      });
      await withOverlay(page, "the delete-category confirmation", async () => {
        await page
          .getByRole("button", { name: /^Delete / })
          .first()
          .click();
        return page.getByRole("alertdialog");
      });

      await page.goto("/admin/orders");
      const row = page.locator(`[data-testid="order-row"][data-order-number="${order.orderNumber}"]`);
      await expect(row).toBeVisible();
      await withOverlay(page, "the order view dialog", async () => {
        await row.getByRole("button", { name: `View order ${order.orderNumber}` }).click();
        return page.getByRole("dialog");
      });
      await withOverlay(page, "the delete-order confirmation", async () => {
        await row.getByRole("button", { name: `Delete order ${order.orderNumber}` }).click();
        return page.getByRole("alertdialog");
      });

      await page.goto("/admin/customers");
      await expect(page.getByTestId("customer-row").first()).toBeVisible();
      await withOverlay(page, "the edit-customer dialog", async () => {
        await page.getByRole("button", { name: "Edit Ada Axe" }).first().click();
        return page.getByRole("dialog");
      });
      await withOverlay(page, "the delete-customer confirmation", async () => {
        await page.getByRole("button", { name: "Delete Ada Axe" }).first().click();
        return page.getByRole("alertdialog");
      });

      await page.goto("/admin/users");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await withOverlay(page, "the add-user dialog", async () => {
        await page.getByRole("button", { name: "Add User" }).click();
        return page.getByRole("dialog");
      });
      await withOverlay(page, "the edit-user dialog", async () => {
        await page
          .getByRole("button", { name: /^Edit / })
          .first()
          .click();
        return page.getByRole("dialog");
      });

      if (size.width < 768) {
        // The admin's phone navigation.
        const menu = page.getByRole("button", { name: /menu|navigation/i }).first();
        if (await menu.isVisible()) {
          await withOverlay(page, "the admin navigation menu", async () => {
            await menu.click();
            return page.getByRole("dialog");
          });
        }
      }
    });
  });
}

test.describe("prefers-reduced-motion", () => {
  /** How long the overlay's enter animation (the slide-in) lasts, in ms. */
  function overlayMotion(overlay: Locator) {
    return overlay.evaluate((el) => {
      const { animationName, animationDuration } = getComputedStyle(el);
      return animationName === "none" ? 0 : Math.max(...animationDuration.split(",").map((d) => parseFloat(d) * (d.trim().endsWith("ms") ? 1 : 1000)));
    });
  }

  test("sheets appear in place and card images do not zoom", async ({ page, request }) => {
    const product = (await apiProducts(request)).find((p) => !p.uniqueItem && !p.sold)!;
    await seedCart(page, product);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/shop");
    await waitForHydration(page);

    const card = page.getByTestId("product-card").first();
    const image = card.locator("img");
    await card.hover();
    expect(await image.evaluate((el) => getComputedStyle(el).scale)).toBe("none");

    await cartButton(page).click();
    const drawer = page.getByRole("dialog", { name: /cart/i });
    await expect(drawer).toBeVisible();
    expect(await overlayMotion(drawer)).toBeLessThanOrEqual(1);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();

    // Without the preference the same hover zooms and the drawer slides (the rule above is what turns them off).
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.mouse.move(0, 0);
    await card.hover();
    await expect.poll(() => image.evaluate((el) => getComputedStyle(el).scale)).not.toBe("none");
    await cartButton(page).click();
    await expect(drawer).toBeVisible();
    expect(await overlayMotion(drawer)).toBeGreaterThan(1);
  });
});
