import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { lookAt } from "./look";
import path from "node:path";
import pg from "pg";
import { test, expect, type Page } from "./test";
import { E2E_MAILBOX_DIR, withE2eDb } from "./e2e-env";
import { expectNoAxeViolations, signIn } from "./a11y-helpers";

/**
 * After the sale, as the maker and the shopper would: ship an order with
 * tracking from the Orders screen and find the email in the dev mailbox,
 * refund one line, look the order up on the public order-status page (the
 * tracking link), print the packing slip, and see it all in Activity.
 */
const SHOTS = path.resolve("test-results/after-sale");

const withDb = withE2eDb;

type Seeded = { orderId: number; orderNumber: string; email: string; lineIds: number[] };

/** A paid order with the test provider (captured intent) and two lines: $24.00 jig + $42.00 coasters + $15.99 shipping. */
async function insertPaidOrder(db: pg.Client): Promise<Seeded> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `e2e-aftersale-${tag}@example.com`;
  const intentId = `pi_test_e2e_${tag}`;
  await db.query(
    `INSERT INTO "TestPaymentIntent" (id, "clientSecret", amount, currency, status, "captureMethod", metadata, "updatedAt")
     VALUES ($1, $2, 8199, 'usd', 'succeeded', 'manual', '{}'::jsonb, now())`,
    [intentId, `${intentId}_secret`],
  );
  const address = JSON.stringify({ line1: "48 Larch Street", line2: "Apt 2", city: "Portland", state: "OR", postalCode: "97201", country: "US" });
  const orderNumber = `ORD-E2E-AS-${tag.toUpperCase()}`;
  const order = await db.query<{ id: number }>(
    `INSERT INTO "Order" ("orderNumber", "firstName", "lastName", email, status, "shippingAddress", "billingAddress",
       subtotal, shipping, "shippingService", tax, total, "stripePaymentIntentId", "paymentProvider", "updatedAt")
     VALUES ($1, 'Rowan', 'Hale', $2, 'confirmed', $3::jsonb, $3::jsonb, 66.00, 15.99, 'USPS_GROUND_ADVANTAGE', 0, 81.99, $4, 'test', now()) RETURNING id`,
    [orderNumber, email, address, intentId],
  );
  const orderId = order.rows[0].id;
  const lines = await db.query<{ id: number }>(
    `INSERT INTO "OrderItem" ("orderId", "productName", price, quantity, total)
     VALUES ($1, 'E2E Dowel Jig', 24.00, 1, 24.00), ($1, 'E2E Walnut Coaster Set', 21.00, 2, 42.00) RETURNING id`,
    [orderId],
  );
  return { orderId, orderNumber, email, lineIds: lines.rows.map((r) => r.id) };
}

/** The newest dev-mailbox message to `email` whose subject starts with `subject`, or "". */
function mailboxMessage(email: string, subject: string): string {
  const dir = path.resolve(E2E_MAILBOX_DIR);
  if (!existsSync(dir)) return "";
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(`-${email}.txt`))
    .sort()
    .reverse();
  for (const f of files) {
    const text = readFileSync(path.join(dir, f), "utf8");
    if (text.includes(`Subject: ${subject}`)) return text;
  }
  return "";
}

const toast = (page: Page, text: string | RegExp) => page.getByRole("region", { name: /Notifications/ }).getByText(text);

test.describe("after the sale", () => {
  test.describe.configure({ mode: "serial" });
  let seeded: Seeded;

  test.beforeAll(async () => {
    seeded = await withDb((db) => insertPaidOrder(db));
    mkdirSync(SHOTS, { recursive: true });
  });
  test.afterAll(async () => {
    await withDb((db) => db.query(`DELETE FROM "Order" WHERE id = $1`, [seeded.orderId]));
  });

  test("ship with tracking from the Orders screen; the shopper's email has the tracking link", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/orders");
    const row = page.locator(`[data-testid="order-row"][data-order-number="${seeded.orderNumber}"]`);
    await row.getByRole("combobox", { name: `Status of order ${seeded.orderNumber}` }).selectOption({ label: "Shipped" });
    const ship = page.getByRole("dialog", { name: "Mark order shipped" });
    await ship.getByLabel("Carrier").selectOption("UPS");
    await ship.getByLabel("Tracking number").fill("1Z999");
    await ship.getByRole("button", { name: "Mark shipped" }).click();
    await expect(ship.getByRole("alert")).toHaveText(/UPS numbers start with 1Z/);
    await ship.getByLabel("Tracking number").fill("1Z 999 AA1 01 2345 6784");
    await lookAt(page, { path: path.join(SHOTS, "ship-dialog-1280.png") });
    await ship.getByRole("button", { name: "Mark shipped" }).click();
    await expect(toast(page, "Order status updated")).toBeVisible();
    await expect(row.getByRole("combobox")).toHaveValue("shipped");
    await expect(page.getByRole("button", { name: "Export CSV" })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await lookAt(page, { path: path.join(SHOTS, "orders-390.png"), fullPage: true });

    await expect.poll(() => mailboxMessage(seeded.email, "Your order has shipped")).toContain("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    const mail = mailboxMessage(seeded.email, "Your order has shipped");
    expect(mail).toContain("2 × E2E Walnut Coaster Set");
    expect(mail).toContain("Carrier: UPS");
    expect(mail).toContain(`/order-status?order=${seeded.orderNumber}`);
  });

  test("refund one line from the order dialog; the timeline shows it", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/orders");
    const row = page.locator(`[data-testid="order-row"][data-order-number="${seeded.orderNumber}"]`);
    await row.getByRole("button", { name: `View order ${seeded.orderNumber}` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("order-timeline")).toContainText("Status Confirmed → Shipped (UPS 1Z999AA10123456784)");
    await expect(dialog.getByTestId("order-tracking").getByRole("link", { name: "1Z999AA10123456784" })).toHaveAttribute("href", "https://www.ups.com/track?tracknum=1Z999AA10123456784");
    await dialog.getByRole("button", { name: "Refund…" }).click();
    const form = dialog.getByTestId("refund-form");
    await form.getByLabel(/E2E Dowel Jig/).check();
    await form.getByLabel("Reason").fill("Jig arrived cracked");
    await lookAt(page, { path: path.join(SHOTS, "order-dialog-refund-1280.png"), fullPage: true });
    // The button names the figure: the line's $24.00, less than what is left, so no second question.
    await form.getByRole("button", { name: "Refund $24.00", exact: true }).click();
    await expect(toast(page, "Refund issued")).toBeVisible();
    await expect(dialog.getByTestId("order-timeline")).toContainText("Refunded $24.00 — Jig arrived cracked");
    // The statement in the dialog: the refund as its own row.
    await expect(dialog.getByText("-$24.00").first()).toBeVisible();

    const rows = await withDb((db) => db.query(`SELECT amount FROM "TestRefund" WHERE "paymentIntentId" = (SELECT "stripePaymentIntentId" FROM "Order" WHERE id = $1)`, [seeded.orderId]));
    expect(rows.rows.map((r) => r.amount)).toEqual([2400]);
    await expect.poll(() => mailboxMessage(seeded.email, "Refund of $24.00")).toContain("1 × E2E Dowel Jig");
  });

  test("the shopper's order-status page shows the tracking link; a wrong email is not found", async ({ page }) => {
    await page.goto(`/order-status?order=${seeded.orderNumber}`);
    await expect(page.getByLabel("Order number")).toHaveValue(seeded.orderNumber);
    await page.getByLabel("Email used at checkout").fill("someone-else@example.com");
    await page.getByRole("button", { name: "Find my order" }).click();
    await expect(page.getByTestId("lookup-error")).toHaveText("We couldn't find that order");

    await page.getByLabel("Email used at checkout").fill(seeded.email);
    await page.getByRole("button", { name: "Find my order" }).click();
    const result = page.getByTestId("order-status-result");
    await expect(result.getByRole("heading", { name: "Shipped" })).toBeVisible();
    await expect(result.getByRole("link", { name: "1Z999AA10123456784" })).toHaveAttribute("href", "https://www.ups.com/track?tracknum=1Z999AA10123456784");
    await expect(result).toContainText("Refunded $24.00");
    await lookAt(page, { path: path.join(SHOTS, "order-status-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await lookAt(page, { path: path.join(SHOTS, "order-status-390.png"), fullPage: true });
  });

  test("the packing slip prints the order number large, ship-to and quantities, and no prices", async ({ page }) => {
    await signIn(page);
    await page.goto(`/admin/orders/${seeded.orderId}/packing-slip`);
    const slip = page.getByTestId("packing-slip");
    await expect(slip.getByTestId("packing-slip-number")).toHaveText(seeded.orderNumber);
    await expect(slip).toContainText("48 Larch Street");
    await expect(slip).toContainText("214 Mill Race Road");
    await expect(slip.getByTestId("packing-slip-item")).toHaveCount(2);
    await expect(slip.getByTestId("packing-slip-item").nth(1)).toContainText("2E2E Walnut Coaster Set");
    await expect(slip).not.toContainText("$");
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    await lookAt(page, { path: path.join(SHOTS, "packing-slip-print.png"), fullPage: true });
    const pdf = await page.pdf({ format: "Letter" });
    expect(pdf.byteLength).toBeGreaterThan(1000);
  });

  test("the Activity page lists the admin's writes, filterable by type", async ({ page }) => {
    await signIn(page);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Activity", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/activity$/);
    await page.getByLabel("Type").selectOption("order");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/type=order/);
    const rows = page.getByTestId("activity-row").filter({ hasText: `#${seeded.orderId}` });
    await expect(rows.filter({ hasText: "refund" }).first()).toBeVisible();
    await expect(rows.filter({ hasText: "status" }).first()).toContainText("confirmed");
    await lookAt(page, { path: path.join(SHOTS, "activity-1280.png"), fullPage: true });
  });

  test("an order whose card payment failed is on the dashboard's 'needs doing' (1280 and 390 px, axe clean)", async ({ page }) => {
    const unpaid = await withDb(async (db) => {
      const order = await insertPaidOrder(db);
      await db.query(`UPDATE "Order" SET status = 'pending', capture = 'failed' WHERE id = $1`, [order.orderId]);
      return order;
    });
    try {
      await signIn(page);
      const needs = page.getByTestId("unpaid-orders");
      await expect(needs.getByRole("heading", { name: "Needs doing: payments not taken" })).toBeVisible();
      await expect(needs.getByRole("listitem").filter({ hasText: unpaid.orderNumber })).toContainText("payment failed");
      await lookAt(page, { path: path.join(SHOTS, "dashboard-unpaid-1280.png"), fullPage: true });
      await expectNoAxeViolations(page, "the dashboard with a failed payment");
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(needs).toBeVisible();
      await lookAt(page, { path: path.join(SHOTS, "dashboard-unpaid-390.png"), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    } finally {
      await withDb((db) => db.query(`DELETE FROM "Order" WHERE id = $1`, [unpaid.orderId]));
    }
  });

  test("a disputed payment is flagged on the dashboard", async ({ page }) => {
    await withDb((db) => db.query(`UPDATE "Order" SET disputed = true, "createdAt" = now() WHERE id = $1`, [seeded.orderId]));
    await signIn(page);
    const warning = page.getByTestId("disputed-orders");
    await expect(warning.getByRole("heading", { name: "Disputed payments" })).toBeVisible();
    await expect(warning).toContainText(seeded.orderNumber);
    await expect(page.getByTestId("recent-order-row").filter({ hasText: seeded.orderNumber }).getByTestId("disputed-badge")).toBeVisible();
    await lookAt(page, { path: path.join(SHOTS, "dashboard-disputed-1280.png"), fullPage: true });
  });
});
