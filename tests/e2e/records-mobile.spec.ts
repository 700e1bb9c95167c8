import { test, expect } from "./test";
import { lookAt } from "./look";
import { apiProducts, cartButton, waitForHydration } from "./a11y-helpers";
import { SHOTS, walkAdminMoneyScreens, walkConfirmationPage } from "./records-walk";

/** Issue 53 at 390 px (the mobile project): the same money screens, and the "Added to Cart" toast clear of the drawer's Checkout button. */
test("390 px: the admin's money screens read right, axe-clean, no console error", async ({ page }) => {
  test.setTimeout(120_000);
  await walkAdminMoneyScreens(page, 390);
});

test("390 px: the confirmation page says Order Confirmed only when the card was charged", async ({ page }) => {
  test.setTimeout(60_000);
  await walkConfirmationPage(page, 390);
});

test("390 px: the 'Added to Cart' toast leaves the cart drawer's Checkout button clear", async ({ page, request }) => {
  // A product bought as it is (no options to choose first), in stock or made to order.
  const product = (await apiProducts(request)).find((p) => !p.uniqueItem && !p.sold && !p.variants?.length && p.stock !== 0 && (p as { kind?: string }).kind !== "gift_card");
  expect(product, "a product without options in the seed").toBeTruthy();
  await page.goto(`/product/${product!.slug}`);
  await waitForHydration(page);
  await page
    .getByRole("main")
    .getByRole("button", { name: /Add to Cart/i })
    .first()
    .click();
  // Sonner's toast: its own list item, at the top on a phone.
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "has been added to your cart" });
  await expect(toast).toBeVisible();
  // Once it has slid in, the toast rests below the sticky header, clear of its Cart button (it once covered it, so the cart could not be opened until it went).
  const header = await page.getByRole("banner").boundingBox();
  await expect.poll(async () => (await toast.boundingBox())?.y ?? 0, { timeout: 3_000 }).toBeGreaterThanOrEqual(header!.y + header!.height);
  const cart = cartButton(page);
  const cartBox = await cart.boundingBox();
  expect(cartBox).toBeTruthy();
  const cartOnTop = await page.evaluate(({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest("header button")), { x: cartBox!.x + cartBox!.width / 2, y: cartBox!.y + cartBox!.height / 2 });
  expect(cartOnTop, "the header's Cart button is the element at its own centre while the toast shows").toBe(true);
  await cart.click({ timeout: 2_000 });
  const drawer = page.getByRole("dialog");
  const checkout = drawer.getByTestId("checkout-button");
  await expect(checkout).toBeVisible();
  // The drawer slides in from the side: read the button where it comes to rest, not half-way (the toast lasts 5 s).
  await drawer.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
  await expect(toast).toBeVisible();
  await lookAt(page, { path: `${SHOTS}/toast-and-drawer-390.png` });
  const [box, toastBox] = [await checkout.boundingBox(), await toast.boundingBox()];
  expect(box && toastBox).toBeTruthy();
  // The two do not overlap, and the element at the button's centre is the button.
  expect(toastBox!.y + toastBox!.height <= box!.y || box!.y + box!.height <= toastBox!.y).toBe(true);
  const onTop = await page.evaluate(({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest("[data-testid='checkout-button']")), { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 });
  expect(onTop, "the Checkout button is the element at its own centre").toBe(true);
});
