import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { lookAt } from "./look";
import path from "node:path";
import { test, expect, type Page } from "./test";
import { adminApiHeaders, expectNoAxeViolations, expectNoAxeViolationsHere, seedRefundableOrder, signIn } from "./a11y-helpers";
import { E2E_MAILBOX_DIR, queryE2eDb } from "./e2e-env";

/**
 * The money screens forgive no slip, at 1280 px (390 px: tests/e2e/mobile.spec.ts):
 * the refund button names its figure and a refund of everything left asks again naming it; the
 * reason says it is emailed and the internal note stays the maker's; "Delivered" in a row's
 * status menu asks before emailing the shopper.
 */
const SHOTS = path.resolve("test-results/admin-slips");
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const toast = (page: Page, text: string | RegExp) => page.getByRole("region", { name: /Notifications/ }).getByText(text);

/** Every dev-mailbox message to `email`, as text. */
function mailbox(email: string): string {
  const dir = path.resolve(E2E_MAILBOX_DIR);
  if (!existsSync(dir)) return "";
  return readdirSync(dir)
    .filter((f) => f.endsWith(`-${email}.txt`))
    .map((f) => readFileSync(path.join(dir, f), "utf8"))
    .join("\n");
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test("the order view's refund names its figure, asks again for everything left, and keeps the internal note out of the shopper's email", async ({ page }) => {
  const order = await seedRefundableOrder(tag());
  await signIn(page);
  await page.goto("/admin/orders");
  await page.getByRole("button", { name: `View order ${order.orderNumber}` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Refund…" }).click();
  const form = dialog.getByTestId("refund-form");
  await expect(form.getByText("Emailed to the shopper with the refund.")).toBeVisible();
  await expect(form.getByText("never emailed")).toBeVisible();
  // Nothing chosen is everything left: the button says so before anything moves.
  await expect(form.getByRole("button", { name: "Refund $57.99", exact: true })).toBeVisible();

  await form.getByLabel("Amount (optional)").fill("10");
  await form.getByLabel("Reason").fill("Sorry about the scratch");
  await form.getByLabel("Internal note (optional)").fill("Courier claim 4471");
  await form.getByRole("button", { name: "Refund $10.00", exact: true }).click();
  await expect(toast(page, "Refund issued")).toBeVisible();
  await expect(dialog.getByTestId("order-timeline")).toContainText("Refunded $10.00 — Sorry about the scratch (internal note: Courier claim 4471)");

  await dialog.getByRole("button", { name: "Refund…" }).click();
  await form.getByLabel("Reason").fill("Order returned");
  await form.getByRole("button", { name: "Refund $47.99", exact: true }).click();
  const confirm = form.getByTestId("refund-confirm");
  await expect(confirm).toContainText(`Refund everything left on order ${order.orderNumber}: $47.99?`);
  await expect(confirm.getByRole("button", { name: "Yes, refund $47.99" })).toBeFocused();
  const refunds = async () =>
    (await queryE2eDb<{ amount: string; internalNote: string | null }>(`SELECT amount::text, "internalNote" FROM "Refund" WHERE "orderId" = $1 ORDER BY id`, [order.orderId])).map(
      (r) => `${r.amount}:${r.internalNote}`,
    );
  expect(await refunds()).toEqual(["10.00:Courier claim 4471"]); // asked, not yet done
  await lookAt(page, { path: path.join(SHOTS, "refund-confirm-1280.png"), fullPage: true });
  // At 1280 px; at 390 px it is mobile.spec.ts's (the phone project).
  await expectNoAxeViolationsHere(page, "the refund's confirmation step");
  await confirm.getByRole("button", { name: "Yes, refund $47.99" }).click();
  // The first refund's "Refund issued" may still be showing: the second is read until it is there.
  await expect.poll(refunds).toEqual(["10.00:Courier claim 4471", "47.99:null"]);

  await expect.poll(() => mailbox(order.email)).toContain("Sorry about the scratch");
  expect(mailbox(order.email)).not.toContain("Courier claim");
});

test("choosing Delivered in a row's status menu asks first, saying the shopper is emailed; cancelling it sends nothing", async ({ page }) => {
  const order = await seedRefundableOrder(tag());
  await signIn(page);
  await page.goto("/admin/orders");
  const row = page.locator(`[data-testid="order-row"][data-order-number="${order.orderNumber}"]`);
  const menu = row.getByRole("combobox", { name: `Status of order ${order.orderNumber}` });
  await menu.selectOption({ label: "Delivered" });
  const ask = page.getByRole("alertdialog", { name: "Mark order delivered?" });
  await expect(ask).toContainText(`Order ${order.orderNumber} becomes delivered, and an email goes to the shopper now.`);
  await lookAt(page, { path: path.join(SHOTS, "status-confirm-1280.png") });
  // At 1280 px; at 390 px it is mobile.spec.ts's (the phone project).
  await expectNoAxeViolationsHere(page, "the status change's confirmation");
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeHidden();
  await expect(menu).toHaveValue("confirmed");
  const status = async () => (await queryE2eDb<{ status: string }>(`SELECT status FROM "Order" WHERE id = $1`, [order.orderId]))[0].status;
  expect(await status()).toBe("confirmed");
  expect(mailbox(order.email)).not.toContain("Subject: Delivered");

  // A status that emails nobody changes at once.
  await menu.selectOption({ label: "Processing" });
  await expect(toast(page, "Order status updated")).toBeVisible();
  await expect.poll(status).toBe("processing");

  await menu.selectOption({ label: "Delivered" });
  await ask.getByRole("button", { name: "Mark delivered and email the shopper" }).click();
  await expect.poll(status).toBe("delivered");
  await expect.poll(() => mailbox(order.email)).toContain("Subject: Delivered");
});

test("the newsletter's product picker leaves sold pieces out unless asked, marks them Sold, and can be searched", async ({ page, request }) => {
  const t = tag();
  // Through the admin API, as the maker would: a row written behind the shop's back would
  // leave the cached /shop counting two pieces fewer than the API for the rest of the run.
  const auth = await adminApiHeaders(request);
  const [model] = (await (await request.get("/api/products?limit=1")).json()).products as Array<{ categoryId: number; images: string[] }>;
  const names = [`Slips Sold Burl Bowl ${t}`, `Slips Open Burl Bowl ${t}`];
  const ids: number[] = [];
  for (const [name, sold] of [
    [names[0], true],
    [names[1], false],
  ] as const) {
    const created = await request.post("/api/products", {
      headers: auth,
      data: { name, description: "e2e", price: sold ? "80.00" : "90.00", categoryId: model.categoryId, images: model.images.slice(0, 1), uniqueItem: true, sold },
    });
    expect(created.status()).toBe(201);
    ids.push((await created.json()).id);
  }
  try {
    await signIn(page);
    await page.goto("/admin/newsletter");
    const choices = page.getByTestId("nl-product-choices");
    await page.getByLabel("Find products").fill(`burl bowl ${t}`);
    await expect(choices.getByRole("checkbox")).toHaveCount(1);
    await expect(choices).toContainText(names[1]);
    await page.getByLabel(/Show sold pieces/).check();
    await expect(choices.getByRole("checkbox")).toHaveCount(2);
    await expect(choices.getByText(names[0]).locator("..")).toContainText("Sold");
    await lookAt(page, { path: path.join(SHOTS, "newsletter-picker-1280.png"), fullPage: true });
  } finally {
    for (const id of ids) expect((await request.delete(`/api/products/${id}`, { headers: auth })).status()).toBe(200);
  }
});

test("hiding a review starts with no reason chosen; Hide without one records nothing and says why", async ({ page }) => {
  const order = await seedRefundableOrder(tag());
  const t = tag();
  const [review] = await queryE2eDb<{ id: number }>(
    `INSERT INTO "Review" ("orderItemId", rating, title, body, "authorName", status, "updatedAt")
     SELECT id, 2, $2, 'It wobbles a little on the table.', 'Ada', 'pending', now() FROM "OrderItem" WHERE "orderId" = $1 RETURNING id`,
    [order.orderId, `Slips review ${t}`],
  );
  await signIn(page);
  await page.goto("/admin/reviews");
  const card = page.locator(`[data-testid="admin-review"][data-review-id="${review.id}"]`);
  const reason = card.getByLabel("Reason to hide");
  await expect(reason).toHaveValue("");
  await card.getByRole("button", { name: "Hide" }).click();
  await expect(card.getByRole("alert")).toHaveText("Choose why it is hidden.");
  const row = async () => (await queryE2eDb<{ status: string; hiddenReason: string | null }>(`SELECT status, "hiddenReason" FROM "Review" WHERE id = $1`, [review.id]))[0];
  expect(await row()).toEqual({ status: "pending", hiddenReason: null });
  await expectNoAxeViolations(page, "the reviews screen with a hide refused");
  await reason.selectOption({ label: "Off-topic (not about the piece)" });
  await card.getByRole("button", { name: "Hide" }).click();
  await expect.poll(async () => (await row()).status).toBe("hidden");
  expect((await row()).hiddenReason).toBe("Off-topic (not about the piece)");
});
