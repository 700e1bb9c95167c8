import { test, expect, type Locator, type Page } from "./test";
import { apiProducts, firstCategorySlug, signIn, seedOrder, waitForHydration } from "./a11y-helpers";
import { queryE2eDb } from "./e2e-env";
import { badgeVariants, type BadgeVariant } from "@/components/ui/badge";
import { buttonVariants, type ButtonVariant } from "@/components/ui/button";
import { ORDER_STATUSES } from "@/lib/orders/admin-schemas";

/**
 * Text contrast (WCAG 1.4.3, 4.5:1 for these small labels) where axe does not
 * look: disabled controls (axe skips them) and every badge, measured in Chromium
 * on the real stylesheet. Every Button variant disabled (and aria-disabled, the
 * pagination's form), every Badge variant, and on real pages: /shop's disabled
 * Previous, SOLD ribbons and the gallery's SOLD tags, Featured / Only 1 Available / category badges, the
 * product page's badges, the listing's category and search badges, and in the
 * admin every order status, Test payment, Disputed, product status and
 * customer/user badges.
 *
 * How a colour pair is measured (measureContrast): the browser resolves every
 * colour (oklch, color-mix, /alpha) by painting it on a 1×1 canvas and reading the
 * pixel back as sRGB. The background is what is actually beneath the text: the
 * element stack at the text's centre (document.elementsFromPoint), composited
 * bottom-up with each layer's alpha and opacity. Where a photo lies under a
 * translucent layer, both a black and a white photo are tried and the worse
 * counts. The text colour is blended onto that background with its own alpha and
 * the opacity of its ancestors.
 */

// Records keyed by the variant unions: a new variant in button.tsx / badge.tsx that is not listed here fails the type check.
const BUTTON_VARIANTS = Object.keys({ default: 1, destructive: 1, outline: 1, secondary: 1, ghost: 1, link: 1 } satisfies Record<ButtonVariant, 1>) as ButtonVariant[];
const BADGE_VARIANTS = Object.keys({ default: 1, secondary: 1, destructive: 1, outline: 1 } satisfies Record<BadgeVariant, 1>) as BadgeVariant[];
const MIN_RATIO = 4.5;

type Measurement = { label: string; fg: string; bg: string; ratio: number };

/** The contrast of each element's own text (see the file comment for the method). */
function measureContrast(targets: Locator): Promise<Measurement[]> {
  return targets.evaluateAll((elements) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
    type RGBA = [number, number, number, number];
    const rgba = (color: string): RGBA => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = "#000";
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: RGBA, alpha: number, under: RGBA): RGBA => [0, 1, 2].map((i) => top[i] * alpha + under[i] * (1 - alpha)).concat(1) as RGBA;
    const opacityOf = (el: Element) => {
      let o = 1;
      for (let e: Element | null = el; e; e = e.parentElement) o *= parseFloat(getComputedStyle(e).opacity);
      return o;
    };
    const luminance = ([r, g, b]: RGBA) => {
      const lin = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const ratio = (a: RGBA, b: RGBA) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    const hex = (c: RGBA) =>
      `#${c
        .slice(0, 3)
        .map((v) => Math.round(v).toString(16).padStart(2, "0"))
        .join("")}`;

    // Disabled controls and decorative overlays opt out of hit testing; elementsFromPoint needs them in.
    const unblock = document.createElement("style");
    unblock.textContent = "* { pointer-events: auto !important; }";
    document.head.append(unblock);
    try {
      // Only what is on screen (a badge duplicated for another breakpoint is display:none here).
      const shown = elements.filter((el) => el.checkVisibility({ visibilityProperty: true }) && el.getClientRects().length > 0);
      return shown.map((el) => {
        // elementsFromPoint sees only the viewport.
        el.scrollIntoView({ block: "center", inline: "center" });
        const label = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40) || el.outerHTML.slice(0, 60);
        // The centre of the element's own text (its first text line), or of the element.
        const text = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
        const range = document.createRange();
        if (text) range.selectNodeContents(text);
        const rect = text ? range.getClientRects()[0] : el.getBoundingClientRect();
        const stack = document.elementsFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        const from = stack.findIndex((e) => e === el || el.contains(e));
        const layers = (from < 0 ? [el, ...stack] : stack.slice(from)).reverse();
        // Bottom-up: a white page (the canvas default), then each layer; a photo makes two candidates (black, white).
        let backgrounds: RGBA[] = [[255, 255, 255, 1]];
        for (const layer of layers) {
          const style = getComputedStyle(layer);
          const opacity = opacityOf(layer);
          if (/^(IMG|PICTURE|VIDEO|CANVAS)$/.test(layer.tagName) || style.backgroundImage !== "none") {
            const photo: RGBA[] = [
              [0, 0, 0, 1],
              [255, 255, 255, 1],
            ];
            backgrounds = backgrounds.flatMap((under) => photo.map((c) => over(c, opacity, under)));
          }
          const bg = rgba(style.backgroundColor);
          if (bg[3] > 0) backgrounds = backgrounds.map((under) => over(bg, bg[3] * opacity, under));
        }
        const fg = rgba(getComputedStyle(el).color);
        const fgAlpha = fg[3] * opacityOf(el);
        const pairs = backgrounds.map((bg) => ({ fg: over(fg, fgAlpha, bg), bg }));
        const worst = pairs.map((p) => ({ ...p, ratio: ratio(p.fg, p.bg) })).sort((a, b) => a.ratio - b.ratio)[0];
        return { label, fg: hex(worst.fg), bg: hex(worst.bg), ratio: Math.round(worst.ratio * 100) / 100 };
      });
    } finally {
      unblock.remove();
    }
  });
}

/** Every text-bearing element inside `scope` (a badge's label, a button's label span). */
function withText(scope: Locator): Locator {
  return scope.locator("xpath=descendant-or-self::*[text()[normalize-space()]]");
}

async function expectContrast(targets: Locator, where: string, { atLeast = 1 } = {}) {
  const measured = await measureContrast(withText(targets));
  expect(measured.length, `${where}: elements measured`).toBeGreaterThanOrEqual(atLeast);
  const low = measured.filter((m) => m.ratio < MIN_RATIO).map((m) => `"${m.label}" ${m.fg} on ${m.bg}: ${m.ratio}:1`);
  expect(low, `${where}: text below ${MIN_RATIO}:1`).toEqual([]);
}

/** Settles entry animations (a fading dialog would be measured half-transparent). */
async function settle(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

test("every Button variant disabled and every Badge variant, on the shop's stylesheet", async ({ page }) => {
  await page.goto("/shop");
  await waitForHydration(page);
  // The class strings come from the components themselves (their variant maps), so a change there is what gets measured.
  const buttons = BUTTON_VARIANTS.flatMap((variant) => [
    `<button type="button" disabled class="${buttonVariants({ variant })}">Disabled ${variant}</button>`,
    `<span aria-disabled="true" class="${buttonVariants({ variant })}">Aria-disabled ${variant}</span>`,
    `<button type="button" disabled class="${buttonVariants({ variant, size: "sm" })}">Small ${variant}</button>`,
  ]);
  const badges = BADGE_VARIANTS.map((variant) => `<span class="${badgeVariants({ variant })}">Badge ${variant}</span>`);
  for (const [id, background] of [
    ["on-page", "bg-background"],
    ["on-card", "bg-card"],
  ]) {
    await page
      .getByRole("main")
      .evaluate((main, { id, html, background }) => main.insertAdjacentHTML("afterbegin", `<div id="${id}" class="${background} flex flex-wrap gap-2 p-4">${html}</div>`), {
        id,
        html: [...buttons, ...badges].join(""),
        background,
      });
    await expectContrast(page.locator(`#${id}`).locator("> *"), `variants ${id}`, { atLeast: buttons.length + badges.length });
  }
});

test("badges and disabled pagination on the public pages", async ({ page, request }) => {
  const products = await apiProducts(request);
  const sold = products.find((p) => p.sold)!;
  const featured = products.find((p) => !p.sold) ?? products[0];
  const category = await firstCategorySlug(request);

  await page.goto("/shop");
  await waitForHydration(page);
  await expectContrast(page.getByTestId("pagination").locator('[aria-disabled="true"]'), "/shop page 1: disabled Previous");
  await expectContrast(page.getByTestId("product-card").locator(".badge"), "/shop: card badges", { atLeast: 3 });

  // The last page: Next disabled, and the sold pieces (listed after the available ones) with their SOLD ribbon.
  const last = page.getByTestId("page-link").last();
  const lastNumber = (await last.textContent())!.trim();
  await last.click();
  // Measured once the new page is in (the listing dims while it loads).
  await expect(page.getByTestId("page-current")).toHaveText(new RegExp(`${lastNumber}$`));
  await expect(page.locator("#listing-results")).toHaveAttribute("aria-busy", "false");
  await settle(page);
  await expect(page.getByTestId("pagination").locator('[aria-disabled="true"]')).toContainText("Next");
  await expectContrast(page.getByTestId("pagination").locator('[aria-disabled="true"]'), "/shop last page: disabled Next");
  await expectContrast(page.getByTestId("product-card").locator(".badge, .pcard-sold > span"), "/shop last page: card badges and SOLD ribbons", { atLeast: 2 });
  await expectContrast(page.locator(".pcard-sold > span"), "/shop last page: SOLD ribbons");

  await page.goto(`/shop/${category}`);
  await expectContrast(page.getByTestId("listing-category-badge"), "category listing badge");
  await page.goto("/shop?search=walnut");
  await expectContrast(page.getByTestId("search-badge"), "search badge");

  // The gallery's SOLD tag sits on the photo (measured against a black and a white photo).
  await page.goto("/gallery");
  await expectContrast(page.getByTestId("gallery-card").getByText("SOLD", { exact: true }), "/gallery: SOLD tags");

  for (const product of [sold, featured]) {
    await page.goto(`/product/${product.slug}`);
    await waitForHydration(page);
    await expectContrast(page.getByRole("main").locator('[data-slot="badge"]'), `/product/${product.slug}: badges`);
    // A sold product's disabled purchase button.
    if (product.sold) await expectContrast(page.getByRole("main").locator("button:disabled"), `/product/${product.slug}: disabled buttons`, { atLeast: 0 });
  }
});

test("order status, payment and product badges in the admin", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const orders = [];
  for (const [i, status] of ORDER_STATUSES.entries()) orders.push(await seedOrder(`contrast${tag}${i}`, { status, disputed: i === 0 }));
  // One newsletter subscriber, for the customers list's "Subscribed" badge.
  await queryE2eDb(`UPDATE "Customer" SET "newsletterSubscribed" = true WHERE email = $1`, [orders[0].email]);

  await signIn(page);
  await expectContrast(page.locator('[data-slot="badge"]'), "/admin/dashboard: badges", { atLeast: 5 });

  await page.goto("/admin/orders");
  for (const order of orders) {
    const row = page.locator(`[data-testid="order-row"][data-order-number="${order.orderNumber}"]`);
    await expectContrast(row.locator('[data-slot="badge"]'), `/admin/orders row ${order.orderNumber}`);
    await row.getByRole("button", { name: `View order ${order.orderNumber}` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await settle(page);
    await expectContrast(dialog.locator('[data-slot="badge"]'), `order ${order.orderNumber}: status badges`, { atLeast: 2 });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  }

  for (const path of ["/admin/products", "/admin/categories", "/admin/customers", "/admin/users"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectContrast(page.getByRole("main").locator('[data-slot="badge"]'), `${path}: badges`);
  }
});
