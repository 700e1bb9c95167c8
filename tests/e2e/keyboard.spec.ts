import { test, expect, type Locator, type Page } from "./test";
import { queryE2eDb } from "./e2e-env";

/**
 * A purchase with the keyboard alone (Tab, Shift+Tab, Enter and typing; no
 * clicks): home → a product → Add to Cart → the cart drawer → checkout → the
 * form → the test card → the order confirmation. Every element focus lands on
 * on the way must show a focus indicator: an outline, or a focus ring (a
 * box-shadow with a spread) on it or on the card it stretches over.
 */

/** What the focused element shows: "" when it has a visible indicator, else a description of it. */
function focusProblem(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    // Past the page's last element focus leaves the document (the browser's own UI); the next Tab wraps to the top.
    if (!el || el === document.body) return "";
    const ring = /0px 0px 0px [1-9]/;
    const style = getComputedStyle(el);
    if (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) return "";
    if (ring.test(style.boxShadow)) return "";
    // A stretched card link: the card draws the ring (.pcard has-[a:focus-visible]:ring).
    let parent = el.parentElement;
    for (let i = 0; parent && i < 4; i++, parent = parent.parentElement) {
      if (ring.test(getComputedStyle(parent).boxShadow)) return "";
    }
    const name = el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40) ?? "";
    return `<${el.tagName.toLowerCase()} class="${el.className}"> "${name}" has no visible focus indicator`;
  });
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement);
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking the focus indicator at every stop. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 120 } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    // Polled: buttons fade their ring in (a 150 ms transition).
    await expect.poll(() => focusProblem(page)).toBe("");
    if (await isFocused(target)) return;
  }
  throw new Error(`${target} not reached within ${max} key presses`);
}

/** Tabs to a field and types into it. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test("a purchase with the keyboard alone, with a visible focus indicator at every stop", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/");
  const cartButton = page.getByRole("banner").getByRole("button", { name: "Cart", exact: true });
  await expect(cartButton).toHaveAttribute("data-ready", /.*/);

  // The first product card on the home page, by its name link.
  const card = page
    .locator("main")
    .getByTestId("product-card")
    .filter({ hasNot: page.locator(".pcard-sold") })
    .first();
  const productLink = card.getByTestId("product-link");
  const productName = (await productLink.innerText()).trim();
  await tabTo(page, productLink);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: productName })).toBeVisible();
  await expect(cartButton).toHaveAttribute("data-ready", /.*/);

  const add = page.locator("main").getByRole("button", { name: "Add to Cart" }).first();
  await tabTo(page, add);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  // Back up to the header's cart button and open the drawer.
  await tabTo(page, cartButton, { backwards: true });
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: /cart/i });
  await expect(drawer.getByTestId("cart-line-name")).toHaveText(productName);
  await tabTo(page, drawer.getByRole("link", { name: "Checkout" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout$/);

  const form = page.getByRole("form", { name: "Checkout" });
  await expect(form.getByLabel("Email")).toBeVisible();
  const email = `keyboard-${Date.now()}@example.com`;
  await typeInto(page, form.getByLabel("Email"), email);
  await typeInto(page, form.getByLabel("First name"), "Kay");
  await typeInto(page, form.getByLabel("Last name"), "Board");
  await typeInto(page, form.getByLabel("Address", { exact: true }), "12 Elm Street");
  await typeInto(page, form.getByLabel("City"), "Asheville");
  await typeInto(page, form.getByLabel("State"), "NC");
  await typeInto(page, form.getByLabel("ZIP / postal code"), "28801");

  await expect(page.getByText("Test mode — no real charge")).toBeVisible();
  await typeInto(page, form.getByLabel("Card number"), "4242 4242 4242 4242");
  await typeInto(page, form.getByLabel("Expiry (MM / YY)"), "12/34");
  await typeInto(page, form.getByLabel("CVC"), "123");
  await tabTo(page, form.getByTestId("pay-button"));
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/order-confirmation\?order=ORD-[\w-]+$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeVisible();
  const orderNumber = new URL(page.url()).searchParams.get("order");
  const orders = await queryE2eDb<{ status: string }>(`SELECT status::text FROM "Order" WHERE "orderNumber" = $1 AND email = $2`, [orderNumber, email]);
  expect(orders).toEqual([{ status: "confirmed" }]);
});
