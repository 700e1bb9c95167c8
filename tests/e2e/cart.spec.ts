import { test, expect, type APIRequestContext, type Locator, type Page } from "./test";
import { amountForFreeShipping, estimateTax, FLAT_SHIPPING } from "../../lib/checkout/pricing";
import { formatMoney, toCents } from "../../lib/money";

/**
 * The cart as a shopper uses it: add from cards and the product page, the
 * drawer (quantities, Remove, Clear Cart), the cart page's order summary,
 * persistence across reloads, one-of-a-kind pieces and reconciliation of a
 * cart holding a piece sold meanwhile. Products come from the public API.
 */

type ApiProduct = { id: number; slug: string; name: string; price: string; uniqueItem: boolean; sold: boolean; images: string[] };
type StoredLine = { id: string; productId: number; slug: string; name: string; price: string; image: string | null; quantity: number; uniqueItem: boolean; unavailable?: string | null };

async function catalogue(request: APIRequestContext) {
  const res = await request.get("/api/products?limit=100");
  expect(res.ok()).toBeTruthy();
  const { products } = (await res.json()) as { products: ApiProduct[] };
  const gallery = (await (await request.get("/api/gallery")).json()) as Array<{ slug: string }>;
  const regular = products.filter((p) => !p.uniqueItem && !p.sold);
  const pick = (label: string, found: ApiProduct | undefined) => {
    expect(found, label).toBeTruthy();
    return found!;
  };
  return {
    /** A regular product under $50: one unit stays under free shipping. */
    cheap: pick(
      "a regular product under $50",
      regular.find((p) => toCents(p.price) < 50_00),
    ),
    /** A regular product between $50 and $100: two units go over $100. */
    mid: pick(
      "a regular product between $50 and $100",
      regular.find((p) => toCents(p.price) > 50_00 && toCents(p.price) < 100_00),
    ),
    unique: pick(
      "an unsold one-of-a-kind piece",
      products.find((p) => p.uniqueItem && !p.sold),
    ),
    sold: pick(
      "a sold piece from the gallery",
      products.find((p) => p.sold && gallery.some((g) => g.slug === p.slug)),
    ),
    exactly100: regular.find((p) => p.price === "100.00"),
  };
}

const header = (page: Page) => page.getByRole("banner");
const cartButton = (page: Page) => header(page).getByRole("button", { name: "Cart", exact: true });
/** By test id: while the drawer is open the header is hidden from the accessibility tree. */
const badge = (page: Page) => page.locator('header [data-testid="cart-count"]');
const drawer = (page: Page) => page.getByRole("dialog", { name: "Shopping Cart" });
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).filter({ visible: true }).first();
const line = (scope: Locator, productId: number) => scope.locator(`[data-testid="cart-line"][data-product-id="${productId}"]`);

/** The add button once hydrated (it only reacts to clicks then). */
async function readyAddButton(scope: Locator) {
  const button = scope.getByTestId("add-to-cart");
  await expect(button).toHaveAttribute("data-state", "idle");
  return button;
}

async function openDrawer(page: Page) {
  await expect(cartButton(page)).toHaveAttribute("data-ready", "true");
  await cartButton(page).click();
  await expect(drawer(page)).toBeVisible();
  return drawer(page);
}

async function gotoProduct(page: Page, slug: string) {
  await page.goto(`/product/${slug}`);
  return page.locator("main").getByTestId("product-info");
}

async function gotoCard(page: Page, product: ApiProduct) {
  await page.goto(`/shop?search=${encodeURIComponent(product.name)}`);
  const card = page.locator(`main [data-testid="product-card"][data-slug="${product.slug}"]`).first();
  await expect(card).toBeVisible();
  return card;
}

/**
 * Starts watching a control's text from inside the page and returns a check that
 * it said `text` at some point: 'Added!' shows for 1.5 s, and a poll from the
 * test on a loaded machine can fall either side of it.
 */
async function watchText(control: Locator, text: RegExp) {
  const key = `saw${Math.random().toString(36).slice(2)}`;
  await control.evaluate(
    (el, { key, source }) => {
      const re = new RegExp(source);
      (window as unknown as Record<string, Promise<boolean>>)[key] = new Promise<boolean>((resolve) => {
        const check = () => re.test(el.textContent ?? "") && resolve(true);
        new MutationObserver(check).observe(el, { subtree: true, childList: true, characterData: true });
        setTimeout(() => resolve(false), 10_000);
      });
    },
    { key, source: text.source },
  );
  return async () => {
    const saw = await control.page().evaluate((key) => (window as unknown as Record<string, Promise<boolean>>)[key], key);
    expect(saw, `the control said ${text}`).toBe(true);
  };
}

async function addFromProductPage(page: Page, product: ApiProduct) {
  const info = await gotoProduct(page, product.slug);
  const button = await readyAddButton(info);
  const saidAdded = await watchText(button, /Added!/);
  await button.click();
  await saidAdded();
}

/** Puts lines straight into the persisted cart, as a previous visit would have left them (from a page without the cart's scripts). */
async function seedCart(page: Page, lines: StoredLine[]) {
  await page.goto("/api/health");
  await page.evaluate((items) => {
    localStorage.setItem("cart-storage", JSON.stringify({ state: { cartItems: items, cartCount: items.reduce((s, i) => s + i.quantity, 0) }, version: 0 }));
  }, lines);
}

const storedLine = (p: ApiProduct, quantity = 1, price = p.price): StoredLine => ({
  id: String(p.id),
  productId: p.id,
  slug: p.slug,
  name: p.name,
  price,
  image: p.images[0] ?? null,
  quantity,
  uniqueItem: p.uniqueItem,
  unavailable: null,
});

/** The server copy of this browser's cart (GET /api/cart/{sessionId}). */
async function serverCart(page: Page, request: APIRequestContext) {
  const sessionId = await page.evaluate(() => localStorage.getItem("sessionId"));
  expect(sessionId).toBeTruthy();
  const res = await request.get(`/api/cart/${sessionId}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as { items: Array<{ productId: number; quantity: number }>; count: number };
}

test.describe("adding to the cart", () => {
  test("from a card: Adding..., Added!, toast and badge count", async ({ page, request }) => {
    const { cheap } = await catalogue(request);
    const card = await gotoCard(page, cheap);
    await expect(badge(page)).toHaveText("0");
    // Hold the request until the pending state has been read: a timed hold can end between two reads on a busy machine.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/cart", async (route) => {
      await held;
      await route.continue();
    });
    const button = await readyAddButton(card);
    await expect(button).toHaveText(/Add to Cart/);
    await button.click();
    await expect(button).toHaveText(/Adding\.\.\./);
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute("aria-busy", "true");
    const saidAdded = await watchText(button, /Added!/);
    release();
    await saidAdded();
    await expect(toastText(page, "Added to Cart")).toBeVisible();
    await expect(toastText(page, `${cheap.name} has been added to your cart.`)).toBeVisible();
    await expect(badge(page)).toHaveText("1");
    await expect(cartButton(page)).toHaveAccessibleDescription("1 item in your cart");
    // 'Added!' lasts 1.5 s, then the button is back to normal and adds again.
    await expect(button).toHaveText(/Add to Cart/);
    await button.click();
    await expect(badge(page)).toHaveText("2");
    await page.unroute("**/api/cart");

    await expect.poll(async () => (await serverCart(page, request)).items, { timeout: 20_000 }).toEqual([expect.objectContaining({ productId: cheap.id, quantity: 2 })]);
  });

  test("the product page adds the stepper's quantity", async ({ page, request }) => {
    const { cheap } = await catalogue(request);
    const info = await gotoProduct(page, cheap.slug);
    const button = await readyAddButton(info);
    await info.getByRole("button", { name: "Increase quantity" }).click();
    await info.getByRole("button", { name: "Increase quantity" }).click();
    await expect(info.getByTestId("quantity-value")).toHaveValue("3");
    const saidAdded = await watchText(button, /Added!/);
    await button.click();
    await saidAdded();
    await expect(badge(page)).toHaveText("3");
  });

  test("a failing request shows the error toast and leaves the cart alone", async ({ page, request }) => {
    const { cheap } = await catalogue(request);
    const info = await gotoProduct(page, cheap.slug);
    await page.route("**/api/cart", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"boom"}' }));
    const button = await readyAddButton(info);
    await button.click();
    await expect(toastText(page, "Failed to add product to cart. Please try again.")).toBeVisible();
    await expect(toastText(page, "Error")).toBeVisible();
    await expect(button).toHaveText(/Add to Cart/);
    await expect(badge(page)).toHaveText("0");
  });

  test("a sold piece cannot be added", async ({ page, request }) => {
    const { sold } = await catalogue(request);
    const info = await gotoProduct(page, sold.slug);
    await expect(info.getByText("This unique handcrafted piece has been sold.")).toBeVisible();
    await expect(info.getByTestId("add-to-cart")).toHaveCount(0);
    const card = await gotoCard(page, sold);
    const button = card.getByTestId("add-to-cart");
    await expect(button).toHaveText(/Sold/);
    await expect(button).toBeDisabled();
    const res = await request.post("/api/cart", { data: { sessionId: "e2e_sold_check", productId: sold.id, quantity: 1 } });
    expect(res.status()).toBe(409);
    expect((await res.json()).message).toBe("This item has been sold.");
  });

  test("a one-of-a-kind piece: once only, plus disabled, 'Already in Cart' and 'In Cart'", async ({ page, request }) => {
    const { unique } = await catalogue(request);
    await addFromProductPage(page, unique);
    const info = page.locator("main").getByTestId("product-info");
    await expect(info.getByTestId("add-to-cart")).toHaveText(/Already in Cart/, { timeout: 5000 });
    await expect(info.getByTestId("add-to-cart")).toBeDisabled();
    await expect(badge(page)).toHaveText("1");

    const cart = await openDrawer(page);
    const row = line(cart, unique.id);
    await expect(row.getByRole("button", { name: /Increase quantity/ })).toBeDisabled();
    await expect(row.getByRole("button", { name: /Increase quantity/ })).toHaveAttribute("title", "Only 1 available");
    await expect(row.getByRole("button", { name: /Decrease quantity/ })).toBeDisabled();
    await page.keyboard.press("Escape");

    const card = await gotoCard(page, unique);
    await expect(card.getByTestId("add-to-cart")).toHaveText(/In Cart/);
    await expect(card.getByTestId("add-to-cart")).toBeDisabled();
    await expect.poll(async () => (await serverCart(page, request)).items, { timeout: 20_000 }).toEqual([expect.objectContaining({ productId: unique.id, quantity: 1 })]);
  });

  test("a second add of a one-of-a-kind piece is refused with 'Item Already in Cart'", async ({ page, request }) => {
    const { unique } = await catalogue(request);
    // Timers are paused so the second click surely lands while the button still says 'Added!'.
    await page.clock.install();
    const info = await gotoProduct(page, unique.slug);
    const button = await readyAddButton(info);
    // The toaster loads when the browser is first idle (or at the first toast). Loaded on a paused clock,
    // its toasts would wait on a timer set after runFor below had already run: let it mount first.
    await expect(page.getByRole("region", { name: /^Notifications/ })).toBeAttached({ timeout: 15_000 });
    await page.clock.pauseAt(Date.now() + 60_000);
    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/cart") posts++;
    });
    await button.click();
    await expect(button).toHaveText(/Added!/);
    await button.click();
    // Let the toast mount (well inside the 1.5 s 'Added!' window).
    await page.clock.runFor(300);
    await expect(toastText(page, "Item Already in Cart")).toBeVisible();
    await expect(toastText(page, "This one-of-a-kind item is already in your cart.")).toBeVisible();
    expect(posts).toBe(1);
    await page.clock.runFor(1300);
    await expect(button).toHaveText(/Already in Cart/);
    await expect(badge(page)).toHaveText("1");

    // Server side too: a browser whose local cart lost the piece is told it is already in its cart, and the local cart follows.
    await page.evaluate(() => localStorage.removeItem("cart-storage"));
    await page.clock.resume();
    await page.reload();
    const again = await readyAddButton(page.locator("main").getByTestId("product-info"));
    await again.click();
    await expect(toastText(page, "Item Already in Cart")).toBeVisible();
    await expect(badge(page)).toHaveText("1");
    await expect(again).toHaveText(/Already in Cart/);
  });
});

test.describe("cart drawer", () => {
  test("shows items, subtotal and the shipping note; plus, minus, Remove", async ({ page, request }) => {
    const { cheap } = await catalogue(request);
    await addFromProductPage(page, cheap);
    const cart = await openDrawer(page);
    await expect(cart.getByRole("heading", { name: "Shopping Cart" })).toBeVisible();
    const row = line(cart, cheap.id);
    await expect(row.getByRole("link", { name: cheap.name })).toHaveAttribute("href", `/product/${cheap.slug}`);
    await expect(row.locator("img")).toHaveCount(1);
    await expect(row.getByTestId("cart-line-price")).toHaveText(formatMoney(cheap.price));
    await expect(cart.getByTestId("cart-subtotal")).toHaveText(formatMoney(cheap.price));
    await expect(cart.getByText("Shipping calculated at checkout")).toBeVisible();
    await expect(cart.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout");

    const minus = row.getByRole("button", { name: /Decrease quantity/ });
    const plus = row.getByRole("button", { name: /Increase quantity/ });
    await expect(minus).toBeDisabled();
    await expect(plus).toHaveAttribute("title", "Increase quantity");
    await plus.click();
    await expect(row.getByTestId("cart-line-quantity")).toHaveText(/2/);
    await expect(cart.getByTestId("cart-subtotal")).toHaveText(formatMoney(toCents(cheap.price) * 2));
    await expect(badge(page)).toHaveText("2");
    await expect.poll(async () => (await serverCart(page, request)).items[0]?.quantity, { timeout: 20_000 }).toBe(2);
    await minus.click();
    await expect(row.getByTestId("cart-line-quantity")).toHaveText(/1/);
    await expect(minus).toBeDisabled();

    await row.getByRole("button", { name: /Remove/ }).click();
    await expect(cart.getByText("Your cart is empty")).toBeVisible();
    await expect(cart.getByText("Add some items to get started")).toBeVisible();
    await expect(cart.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/shop");
    await expect(badge(page)).toHaveText("0");
    await expect.poll(async () => (await serverCart(page, request)).count, { timeout: 20_000 }).toBe(0);
  });

  test("Clear Cart empties the cart here and on the server", async ({ page, request }) => {
    const { cheap, unique } = await catalogue(request);
    await addFromProductPage(page, cheap);
    await addFromProductPage(page, unique);
    await expect(badge(page)).toHaveText("2");
    const cart = await openDrawer(page);
    await expect(cart.getByTestId("cart-line")).toHaveCount(2);
    await cart.getByRole("button", { name: "Clear Cart" }).click();
    await expect(cart.getByText("Your cart is empty")).toBeVisible();
    await expect(badge(page)).toHaveText("0");
    await expect.poll(async () => (await serverCart(page, request)).count, { timeout: 20_000 }).toBe(0);
    await cart.getByRole("link", { name: "Continue Shopping" }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(drawer(page)).toBeHidden();
  });

  test("the cart persists across a reload", async ({ page, request }) => {
    const { cheap } = await catalogue(request);
    await addFromProductPage(page, cheap);
    await expect(badge(page)).toHaveText("1");
    await page.reload();
    await expect(badge(page)).toHaveText("1");
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("cart-storage") ?? "null"));
    expect(stored.state.cartCount).toBe(1);
    expect(stored.state.cartItems).toEqual([expect.objectContaining({ productId: cheap.id, quantity: 1, price: cheap.price })]);
    const cart = await openDrawer(page);
    await expect(line(cart, cheap.id)).toBeVisible();
  });
});

test.describe("cart page", () => {
  test("empty: says so and links to the shop; not indexed", async ({ page }) => {
    await page.goto("/cart");
    await expect(page).toHaveTitle(/^Shopping Cart/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    const main = page.locator("main");
    await expect(main.getByText("Your cart is empty")).toBeVisible();
    await expect(main.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/shop");
  });

  test("order summary under $100: flat shipping, 8 % tax, free-shipping nudge", async ({ page, request }) => {
    const { cheap, mid } = await catalogue(request);
    await seedCart(page, [storedLine(cheap)]);
    await page.goto("/cart");
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1, name: "Shopping Cart" })).toBeVisible();
    const summary = main.getByTestId("order-summary");
    await expect(summary.getByRole("heading", { name: "Order Summary" })).toBeVisible();
    const subtotal = toCents(cheap.price);
    await expect(summary.getByTestId("summary-subtotal")).toHaveText(formatMoney(subtotal));
    await expect(summary.getByTestId("summary-shipping")).toHaveText(formatMoney(FLAT_SHIPPING));
    await expect(summary.getByText("Estimated tax")).toBeVisible();
    await expect(summary.getByTestId("summary-tax")).toHaveText(formatMoney(estimateTax(subtotal)));
    expect(estimateTax(subtotal)).toBe(Math.round(subtotal * 0.08));
    await expect(summary.getByTestId("summary-total")).toHaveText(formatMoney(subtotal + FLAT_SHIPPING + estimateTax(subtotal)));
    await expect(summary.getByText(`Add ${formatMoney(amountForFreeShipping(subtotal))} more for free shipping`, { exact: true })).toBeVisible();
    await expect(summary.getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute("href", "/checkout");
    await expect(main.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/shop");

    // Going over $100 makes shipping free and the nudge disappears.
    await seedCart(page, [storedLine(mid)]);
    await page.goto("/cart");
    const row = line(main, mid.id);
    await row.getByRole("button", { name: /Increase quantity/ }).click();
    const over = toCents(mid.price) * 2;
    await expect(summary.getByTestId("summary-subtotal")).toHaveText(formatMoney(over));
    await expect(summary.getByTestId("summary-shipping")).toHaveText("Free");
    await expect(summary.getByTestId("summary-total")).toHaveText(formatMoney(over + estimateTax(over)));
    await expect(summary.getByText(/more for free shipping/)).toHaveCount(0);

    await row.getByRole("button", { name: `Remove ${mid.name}` }).click();
    await expect(main.getByText("Your cart is empty")).toBeVisible();
  });

  test("exactly $100 still pays shipping", async ({ page, request }) => {
    const { exactly100 } = await catalogue(request);
    test.skip(!exactly100, "no regular $100.00 product in this catalogue");
    await seedCart(page, [storedLine(exactly100!)]);
    await page.goto("/cart");
    const summary = page.locator("main").getByTestId("order-summary");
    await expect(summary.getByTestId("summary-shipping")).toHaveText(formatMoney(FLAT_SHIPPING));
    await expect(summary.getByText("Add $0.01 more for free shipping", { exact: true })).toBeVisible();
  });

  test("Clear Cart on the page", async ({ page, request }) => {
    const { cheap, mid } = await catalogue(request);
    await seedCart(page, [storedLine(cheap), storedLine(mid, 2)]);
    await page.goto("/cart");
    const main = page.locator("main");
    await expect(main.getByTestId("cart-line")).toHaveCount(2);
    await expect(main.getByTestId("cart-page-count")).toHaveText("3 items");
    await main.getByRole("button", { name: "Clear Cart" }).click();
    await expect(main.getByText("Your cart is empty")).toBeVisible();
    await expect(badge(page)).toHaveText("0");
  });
});

test.describe("reconciliation on load", () => {
  test("a piece sold meanwhile is flagged, left out of the subtotal and blocks checkout; prices are refreshed", async ({ page, request }) => {
    const { cheap, sold } = await catalogue(request);
    const lines = [storedLine(cheap, 1, "1.00"), storedLine(sold)];
    await page.addInitScript((items) => {
      if (!localStorage.getItem("cart-storage")) {
        localStorage.setItem("cart-storage", JSON.stringify({ state: { cartItems: items, cartCount: items.length }, version: 0 }));
      }
    }, lines);
    await page.goto("/shop");
    const cart = await openDrawer(page);
    const soldRow = line(cart, sold.id);
    await expect(soldRow.getByTestId("cart-line-unavailable")).toHaveText("This piece has been sold.");
    // The stale price was replaced by the database's.
    await expect(line(cart, cheap.id).getByTestId("cart-line-price")).toHaveText(formatMoney(cheap.price));
    await expect(cart.getByTestId("cart-subtotal")).toHaveText(formatMoney(cheap.price));
    await expect(cart.getByText("Remove unavailable items to check out.")).toBeVisible();
    await expect(cart.getByRole("button", { name: "Checkout" })).toBeDisabled();
    await expect(cart.getByRole("link", { name: "Checkout" })).toHaveCount(0);
    await page.keyboard.press("Escape");

    await page.goto("/cart");
    const main = page.locator("main");
    await expect(line(main, sold.id).getByText("This piece has been sold.")).toBeVisible();
    await expect(main.getByRole("button", { name: "Proceed to Checkout" })).toBeDisabled();
    await expect(main.getByTestId("summary-subtotal")).toHaveText(formatMoney(cheap.price));

    await line(main, sold.id)
      .getByRole("button", { name: `Remove ${sold.name}` })
      .click();
    await expect(main.getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute("href", "/checkout");
    await expect(main.getByText("Remove unavailable items to check out.")).toHaveCount(0);
  });
});
