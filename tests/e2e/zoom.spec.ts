import { test, expect, type Locator, type Page } from "./test";
import { availableProduct, firstCategorySlug, seedCart, seedOrder, signIn, waitForHydration } from "./a11y-helpers";

/**
 * WCAG 1.4.4 Resize text: every public page and admin screen with text at 200 %,
 * in a 1280 px window and on a 390 px phone. Checked per page:
 *   - no horizontal scrolling of the page (scroll containers such as the admin
 *     tables may scroll inside themselves; the document may not);
 *   - no clipped text: every visible text line lies inside each ancestor that
 *     clips (overflow hidden/clip), see textClipping() for what is exempt and why;
 *   - no text left small: text sized in px ignores the reader's setting (unscaledText());
 *   - the page's key controls (cart, search, navigation menu, Add to Cart,
 *     Checkout, Pay, Sign In, the admin menu, …) visible and clickable (Playwright's
 *     actionability check: in view, enabled, stable, not covered by another element).
 *
 * How the text is enlarged: the browser's own text-size setting, the "Font size"
 * of Chrome's appearance settings (CDP Page.setFontSizes: default font 16 → 32 px).
 * That is what "resized without assistive technology" means and it is exactly
 * what a reader who needs larger text does. Everything the shop sizes in rem
 * (all Tailwind text) doubles, and so do the rem breakpoints of media queries: a
 * 1280 px window is then 640 "16-px rem" wide, so the shop shows its narrow layout,
 * as it should. Not chosen:
 *   - page zoom (1280 px at deviceScaleFactor 2, i.e. a 640 px viewport) scales
 *     pixels too, so fixed-pixel text that ignores the setting would pass unseen;
 *     and a 640 px layout is WCAG 1.4.10 Reflow's concern, not resized text;
 *   - `html { font-size: 200% }` enlarges rem but leaves media queries at 16 px,
 *     a desktop layout with doubled text that no browser setting produces.
 */

const WINDOWS = [
  { name: "1280 px window", width: 1280, height: 900 },
  { name: "390 px phone", width: 390, height: 844 },
];

async function enlargeText(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.setFontSizes", { fontSizes: { standard: 32, fixed: 26 } });
}

/** Horizontal overflow of the document, in CSS px (0 when the page fits the window). */
function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - document.documentElement.clientWidth);
}

/**
 * Text lines that an ancestor with overflow hidden/clip cuts off, as "text — ancestor" lines.
 * Measured on the text itself (Range rects), not on boxes: a box may overflow on purpose
 * (the SOLD ribbon's corners) as long as no glyph is cut. Exempt, and why:
 *   - visually hidden text (.sr-only: clip-path inset(50%)) is not meant to be seen;
 *   - line-clamped summaries (product card descriptions, category card texts) are
 *     truncated by design and shown in full on the page they link to;
 *   - text inside scroll containers (overflow auto/scroll) is reachable by scrolling;
 *   - text in closed/hidden UI (visibility hidden, display none, zero-size) is not on screen.
 */
function textClipping(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const describe = (el: Element) => `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} class="${(el.getAttribute("class") ?? "").slice(0, 80)}">`;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest("script, style, noscript, template, svg")) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      range.selectNodeContents(node);
      const lines = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
      if (!lines.length) continue;
      for (let el: Element | null = parent; el && el !== document.documentElement; el = el.parentElement) {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        // Visually hidden (sr-only: a 1 px box clipped to nothing; the skip link until focused).
        if (style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)" || (box.width <= 1 && box.height <= 1)) break;
        if (style.webkitLineClamp !== "none" && style.webkitLineClamp !== "") break;
        const clipsX = style.overflowX === "hidden" || style.overflowX === "clip";
        const clipsY = style.overflowY === "hidden" || style.overflowY === "clip";
        if (style.overflowX === "auto" || style.overflowX === "scroll" || style.overflowY === "auto" || style.overflowY === "scroll") break;
        if (!clipsX && !clipsY) continue;
        // The padding box (where overflow clips); 1 px of slack for sub-pixel rounding.
        const left = box.left + el.clientLeft - 1;
        const top = box.top + el.clientTop - 1;
        const right = left + el.clientWidth + 2;
        const bottom = top + el.clientHeight + 2;
        const cut = lines.some((r) => (clipsX && (r.left < left || r.right > right)) || (clipsY && (r.top < top || r.bottom > bottom)));
        if (cut) {
          problems.push(`"${text.slice(0, 60)}" cut off by ${describe(el)}`);
          break;
        }
      }
    }
    return problems;
  });
}

/**
 * Visible text smaller than 18 px with the default font at 32 px. Text sized in rem or em is
 * at least 20 px here (the shop's smallest, 0.625rem); text that stays below 18 px was sized
 * in px and ignores the reader's setting (the cart count's 11 px was one).
 */
function unscaledText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent?.trim() || !parent || parent.closest("script, style, noscript, template, svg")) continue;
      if (!parent.checkVisibility({ visibilityProperty: true }) || !parent.getClientRects().length) continue;
      const style = getComputedStyle(parent);
      if (style.clipPath === "inset(50%)") continue;
      const size = parseFloat(style.fontSize);
      if (size < 18) found.add(`"${node.textContent.trim().slice(0, 30)}" at ${size}px in <${parent.tagName.toLowerCase()} class="${(parent.getAttribute("class") ?? "").slice(0, 60)}">`);
    }
    return [...found];
  });
}

/** Scrolls `control` into view and checks it can be clicked there (visible, enabled, not covered). */
async function expectClickable(control: Locator, what: string) {
  await expect(control, `${what} visible`).toBeVisible();
  await control.scrollIntoViewIfNeeded();
  await control.click({ trial: true, timeout: 5_000 });
  // At least 24 × 24 px (WCAG 2.5.8), and inside the window horizontally.
  const box = (await control.boundingBox())!;
  expect(box.width, `${what} width`).toBeGreaterThanOrEqual(24);
  expect(box.height, `${what} height`).toBeGreaterThanOrEqual(24);
  expect(box.x, `${what} left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} right edge`).toBeLessThanOrEqual(control.page().viewportSize()!.width);
}

async function expectReadableAt200(page: Page, where: string) {
  // Enlarged text really applies: the body's font is the 32 px default, not 16 px.
  expect(await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize)), `${where}: root font size`).toBe(32);
  expect.soft(await pageOverflow(page), `${where}: horizontal scrolling (px beyond the window)`).toBeLessThanOrEqual(0);
  expect.soft(await textClipping(page), `${where}: clipped text`).toEqual([]);
  expect.soft(await unscaledText(page), `${where}: text that ignores the text size (sized in px)`).toEqual([]);
}

/** The header's controls: cart, search and the navigation menu (the narrow layout's, at this text size). */
async function expectHeaderControls(page: Page, where: string) {
  const banner = page.getByRole("banner");
  await expectClickable(banner.getByRole("button", { name: "Cart", exact: true }), `${where}: cart button`);
  await expectClickable(banner.getByRole("button", { name: /search/i }).first(), `${where}: search button`);
  await expectClickable(banner.getByRole("button", { name: "Open menu" }), `${where}: menu button`);
}

for (const WINDOW of WINDOWS)
  test.describe(`text at 200 %, ${WINDOW.name}`, () => {
    test.use({ viewport: { width: WINDOW.width, height: WINDOW.height } });
    test.beforeEach(async ({ page }) => enlargeText(page));

    test("public pages", async ({ page, request }) => {
      test.setTimeout(180_000);
      const product = await availableProduct(request);
      const category = await firstCategorySlug(request);
      const order = await seedOrder(`zoom${Date.now().toString(36)}`);
      await seedCart(page, product);

      const pages: Array<{ path: string; controls?: (page: Page) => Array<[Locator, string]> }> = [
        { path: "/" },
        { path: "/shop", controls: (p) => [[p.getByRole("link", { name: "Next page" }), "next page"]] },
        { path: `/shop/${category}` },
        { path: `/product/${product.slug}`, controls: (p) => [[p.getByTestId("product-info").getByTestId("add-to-cart"), "Add to Cart"]] },
        // A product with variants: its size choices wrap, and the add button stays reachable.
        {
          path: "/product/self-centring-dowelling-jig?variant=SCDJ-12MM",
          controls: (p) => [
            [p.getByRole("radio", { name: "6 mm" }), "a size"],
            [p.getByTestId("product-info").getByTestId("add-to-cart"), "Add to Cart"],
          ],
        },
        {
          path: "/cart",
          controls: (p) => [
            [
              p
                .getByRole("main")
                .getByRole("link", { name: /checkout/i })
                .or(p.getByRole("main").getByRole("button", { name: /checkout/i }))
                .first(),
              "checkout",
            ],
          ],
        },
        { path: "/checkout", controls: (p) => [[p.getByRole("form", { name: "Checkout" }).getByLabel("Email"), "email field"]] },
        { path: "/contact", controls: (p) => [[p.getByRole("button", { name: /send/i }), "send message"]] },
        { path: "/my-story" },
        { path: "/gallery" },
        { path: "/order-status", controls: (p) => [[p.getByRole("button", { name: "Find my order" }), "find my order"]] },
      ];
      for (const { path, controls } of pages) {
        await test.step(path, async () => {
          await page.goto(path);
          await waitForHydration(page);
          if (path === "/cart" || path === "/checkout") await expect(page.getByRole("main").getByText(product.name).first()).toBeAttached();
          await expectReadableAt200(page, path);
          await expectHeaderControls(page, path);
          for (const [control, what] of controls?.(page) ?? []) await expectClickable(control, `${path}: ${what}`);
        });
      }

      await test.step("/checkout with the address in: the card form and the Pay button", async () => {
        await page.goto("/checkout");
        await waitForHydration(page);
        const form = page.getByRole("form", { name: "Checkout" });
        await form.getByLabel("Email").fill(`zoom-${Date.now()}@example.com`);
        await form.getByLabel("First name").fill("Kay");
        await form.getByLabel("Last name").fill("Board");
        await form.getByLabel("Address", { exact: true }).fill("12 Elm Street");
        await form.getByLabel("City").fill("Asheville");
        await form.getByLabel("State").fill("NC");
        await form.getByLabel("ZIP / postal code").fill("28801");
        await form.getByLabel("ZIP / postal code").blur();
        await expect(form.getByLabel("Card number")).toBeVisible({ timeout: 20_000 });
        await expectReadableAt200(page, "/checkout with the card form");
        await expectClickable(form.getByTestId("pay-button"), "/checkout: Pay button");
      });

      await test.step("/order-status with a result", async () => {
        await page.goto("/order-status");
        await waitForHydration(page);
        await page.getByLabel("Order number").fill(order.orderNumber);
        await page.getByLabel("Email used at checkout").fill(order.email);
        await page.getByRole("button", { name: "Find my order" }).click();
        await expect(page.getByTestId("order-status-result")).toBeVisible();
        await expectReadableAt200(page, "/order-status with a result");
      });

      await test.step("the open menu and cart drawer", async () => {
        await page.goto("/");
        await waitForHydration(page);
        await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
        const menu = page.getByRole("dialog");
        await expect(menu).toBeVisible();
        await menu.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
        expect(await textClipping(page), "the open menu: clipped text").toEqual([]);
        await page.keyboard.press("Escape");
        await expect(menu).toBeHidden();
        await page.getByRole("banner").getByRole("button", { name: "Cart", exact: true }).click();
        const drawer = page.getByRole("dialog", { name: /cart/i });
        await expect(drawer).toBeVisible();
        await drawer.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
        expect(await textClipping(page), "the cart drawer: clipped text").toEqual([]);
        await expectClickable(
          drawer
            .getByRole("link", { name: /checkout/i })
            .or(drawer.getByRole("button", { name: /checkout/i }))
            .first(),
          "the drawer's checkout",
        );
      });
    });

    test("admin screens", async ({ page }) => {
      test.setTimeout(180_000);
      await seedOrder(`zoomadm${Date.now().toString(36)}`);
      await page.goto("/admin/login");
      await expectReadableAt200(page, "/admin/login");
      await expectClickable(page.getByRole("button", { name: "Sign In" }), "/admin/login: Sign In");
      await signIn(page);
      for (const path of ["/admin/dashboard", "/admin/orders", "/admin/products", "/admin/categories", "/admin/customers", "/admin/users", "/admin/activity"]) {
        await test.step(path, async () => {
          await page.goto(path);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          await expectReadableAt200(page, path);
          await expectClickable(page.getByRole("button", { name: "Open admin menu" }), `${path}: admin menu button`);
        });
      }
    });
  });
