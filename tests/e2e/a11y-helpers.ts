import AxeBuilder from "@axe-core/playwright";
import type { Cookie } from "@playwright/test";
import { expect, type APIRequestContext, type Locator, type Page } from "./test";
import { queryE2eDb } from "./e2e-env";

/**
 * What the accessibility specs (a11y, zoom, contrast) share: the seeded catalogue
 * through the public API, a cart line before the first page loads, hydration, the
 * admin sign-in and an order written straight into the e2e database.
 */

export const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? "admin@example.com";
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? "correct-horse-battery";

/** The maker's bearer token for the spec's admin API (catalogue writes that expire the cached pages). */
export async function adminApiHeaders(request: APIRequestContext): Promise<{ authorization: string }> {
  const login = await request.post("/api/admin/login", { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${(await login.json()).token}` };
}

export type ApiProduct = { id: number; slug: string; name: string; price: string; images: string[]; uniqueItem: boolean; sold: boolean; stock?: number | null; variants?: Array<{ sku: string }> };

export async function apiProducts(request: APIRequestContext): Promise<ApiProduct[]> {
  const res = await request.get("/api/products?limit=100");
  expect(res.ok()).toBeTruthy();
  return (await res.json()).products;
}

/** An available, not one-of-a-kind product (the one the specs put in the cart). */
export async function availableProduct(request: APIRequestContext): Promise<ApiProduct> {
  const product = (await apiProducts(request)).find((p) => !p.uniqueItem && !p.sold);
  expect(product, "an available product in the seed").toBeTruthy();
  return product!;
}

export async function firstCategorySlug(request: APIRequestContext): Promise<string> {
  const categories: Array<{ slug: string }> = await (await request.get("/api/categories")).json();
  return categories[0].slug;
}

/** One line in the persisted cart before the first page loads (these specs are not about adding to the cart). */
export async function seedCart(page: Page, product: ApiProduct) {
  const cartItems = [
    {
      id: String(product.id),
      productId: product.id,
      slug: product.slug,
      name: product.name,
      price: product.price,
      image: product.images[0] ?? null,
      quantity: 1,
      uniqueItem: product.uniqueItem,
      unavailable: null,
    },
  ];
  await page.addInitScript(
    (value) => {
      if (!localStorage.getItem("cart-storage")) localStorage.setItem("cart-storage", value);
    },
    JSON.stringify({ state: { cartItems, cartCount: 1 }, version: 0 }),
  );
}

export function cartButton(page: Page): Locator {
  return page.getByRole("banner").getByRole("button", { name: "Cart", exact: true });
}

/** Client components ignore clicks until hydrated; the header's cart button says when that happened. */
export async function waitForHydration(page: Page) {
  await expect(cartButton(page)).toHaveAttribute("data-ready", /.*/);
}

/** The admin's session cookies, from this worker's first sign-in through the form (each worker is a process of its own). */
let adminSession: Cookie[] | null = null;

/**
 * The admin signed in, on the dashboard. The first call in a worker signs in through the form; later ones
 * reuse its session cookies (a page load instead of a sign-in per test). A session the server no longer
 * accepts (the dashboard redirects to the sign-in) is replaced by a new sign-in through the form. The
 * sign-in form itself is admin.spec.ts's.
 */
export async function signIn(page: Page) {
  if (adminSession) {
    await page.context().addCookies(adminSession);
    await page.goto("/admin/dashboard");
    if (new URL(page.url()).pathname === "/admin/dashboard") return;
    await page.context().clearCookies();
  }
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // The session alone: not the cart or anything else this test's pages set.
  adminSession = (await page.context().cookies()).filter((c) => c.name.includes("next-auth.session-token"));
}

/** An order (customer, order, one line; paid with the test card form) inserted straight into the e2e database; returns its number and email. */
export async function seedOrder(tag: string, { status = "pending", disputed = false } = {}): Promise<{ orderNumber: string; email: string }> {
  const email = `a11y-${tag}@example.com`;
  const [order] = await queryE2eDb<{ orderNumber: string }>(
    `WITH c AS (INSERT INTO "Customer" (email, "firstName", "lastName", "updatedAt") VALUES ($1, 'Ada', 'Axe', now()) RETURNING id),
          o AS (INSERT INTO "Order" ("orderNumber", "customerId", "firstName", "lastName", email, status, "shippingAddress", "billingAddress",
                  subtotal, shipping, "shippingService", tax, total, "stripePaymentIntentId", "paymentProvider", disputed, "updatedAt")
                SELECT $2, c.id, 'Ada', 'Axe', $1, $5, $3::jsonb, $3::jsonb, 42.00, 15.99, 'USPS_GROUND_ADVANTAGE', 0, 57.99, $4, 'test', $6, now() FROM c
                RETURNING id, "orderNumber")
     INSERT INTO "OrderItem" ("orderId", "productName", price, quantity, total) SELECT o.id, 'Axe Walnut Coaster Set', 21.00, 2, 42.00 FROM o
     RETURNING (SELECT "orderNumber" FROM o)`,
    [
      email,
      `ORD-A11Y-${tag.toUpperCase()}`,
      JSON.stringify({ line1: "12 Birch Lane", line2: null, city: "Asheville", state: "NC", postalCode: "28801", country: "US" }),
      `pi_a11y_${tag}`,
      status,
      disputed,
    ],
  );
  return { orderNumber: order.orderNumber, email };
}

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Waits (at most 3 s) until no finite animation or transition runs on the page: a toast or a
 * button half-way through fading in would be measured at the wrong contrast. Endless ones
 * (a spinner, a skeleton's pulse) are not waited for.
 */
export async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    const finite = () => document.getAnimations().filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity);
    const deadline = Date.now() + 3000;
    while (finite().length && Date.now() < deadline) await Promise.race([Promise.all(finite().map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 250))]);
  });
}

/**
 * axe (WCAG 2.2 AA) on the page as it is, once its animations have settled: one line per rule
 * broken, naming the elements. `iframes: false` leaves frames out (a sandboxed frame cannot run
 * axe: it is checked as a page of its own) and runs axe in the page itself, as it is also run on a
 * page with no frame at all (the same rules on the same document, without the blank page axe's
 * frame mode opens to merge results: a third of each check's time).
 */
export async function axeReport(page: Page, { iframes = true, disabledRules = [] as string[] } = {}): Promise<string[]> {
  // A toast (5 s) left by the step before would fade out while axe reads it: measured half-faded, at the wrong contrast.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await settleAnimations(page);
  // options() replaces every option set before it: it comes first.
  let builder = new AxeBuilder({ page });
  if (!iframes || (await page.locator("iframe, frame").count()) === 0) builder = builder.options({ iframes: false }).setLegacyMode(true);
  builder = builder.withTags(WCAG_TAGS);
  if (disabledRules.length) builder = builder.disableRules(disabledRules);
  const { violations } = await builder.analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ")}`).join("\n")}`);
}

/**
 * axe (WCAG 2.2 AA) finds nothing on the page at its own width: for a walk a spec runs at 1280 px and its
 * twin in the phone project at 390 px (records.spec.ts / records-mobile.spec.ts), each checks its own width once.
 */
export async function expectNoAxeViolationsHere(page: Page, where: string) {
  expect(await axeReport(page), `axe violations on ${where} at ${page.viewportSize()?.width} px`).toEqual([]);
}

/** axe (WCAG 2.2 AA) finds nothing on the page at 1280 and at 390 px; the viewport is 1280 px wide again afterwards. */
export async function expectNoAxeViolations(page: Page, where: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    expect(await axeReport(page), `axe violations on ${where} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * A paid order the test provider can refund (its captured TestPaymentIntent, 2 × $21.00 + $15.99 shipping = $57.99),
 * for the refund and status-change confirmations; returns its id, number and email.
 */
export async function seedRefundableOrder(tag: string): Promise<{ orderId: number; orderNumber: string; email: string }> {
  const intentId = `pi_test_slips_${tag}`;
  await queryE2eDb(
    `INSERT INTO "TestPaymentIntent" (id, "clientSecret", amount, currency, status, "captureMethod", metadata, "updatedAt") VALUES ($1, $2, 5799, 'usd', 'succeeded', 'manual', '{}'::jsonb, now())`,
    [intentId, `${intentId}_secret`],
  );
  const email = `slips-${tag}@example.com`;
  const [order] = await queryE2eDb<{ id: number; orderNumber: string }>(
    `WITH o AS (INSERT INTO "Order" ("orderNumber", "firstName", "lastName", email, status, "shippingAddress", "billingAddress",
                  subtotal, shipping, "shippingService", tax, total, "stripePaymentIntentId", "paymentProvider", "updatedAt")
                VALUES ($1, 'Ada', 'Axe', $2, 'confirmed', $3::jsonb, $3::jsonb, 42.00, 15.99, 'USPS_GROUND_ADVANTAGE', 0, 57.99, $4, 'test', now())
                RETURNING id, "orderNumber")
     INSERT INTO "OrderItem" ("orderId", "productName", price, quantity, total) SELECT o.id, 'Axe Walnut Coaster Set', 21.00, 2, 42.00 FROM o
     RETURNING (SELECT id FROM o) AS id, (SELECT "orderNumber" FROM o) AS "orderNumber"`,
    [`ORD-SLIPS-${tag.toUpperCase()}`, email, JSON.stringify({ line1: "12 Birch Lane", line2: null, city: "Asheville", state: "NC", postalCode: "28801", country: "US" }), intentId],
  );
  return { orderId: order.id, orderNumber: order.orderNumber, email };
}
