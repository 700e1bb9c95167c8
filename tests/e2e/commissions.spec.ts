import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { test, expect, type Page } from "./test";
import { expectNoAxeViolations, signIn, waitForHydration } from "./a11y-helpers";
import { E2E_MAILBOX_DIR, queryE2eDb } from "./e2e-env";

/**
 * Issue 30 in the browser, by keyboard on both sides: a shopper goes from a
 * product page's "Want one like this?" to the commission form and sends it; the
 * maker opens it on the Commissions board, writes to the shopper and sends a
 * quote; the shopper opens the quote link from the email, replies in the
 * thread, then pays the quote with the test card; the maker sees the order
 * with its Commission badge. axe (WCAG 2.2 AA) finds nothing on the form, the
 * thread, the quote page and its payment form, the board and the commission's
 * screen at 1280 and 390 px.
 */
test.describe.configure({ mode: "serial" });

const EMAIL = `commissioner-${Date.now()}@example.com`;
let reference: string;

/** Focuses a field through its label and types into it with the keyboard. */
async function typeInto(page: Page, label: string | RegExp, text: string) {
  await (typeof label === "string" ? page.getByLabel(label, { exact: true }) : page.getByLabel(label)).focus();
  await page.keyboard.type(text);
}

/** The maker fills in the quote form on a commission's screen and sends it, by keyboard. */
async function sendQuote(page: Page, q: { price: string; shipping: string; from: string; to: string; deposit?: string; notes?: string }) {
  await typeInto(page, "Price ($)", q.price);
  await page.getByLabel("Shipping ($, 0 for free)").fill("");
  await typeInto(page, "Shipping ($, 0 for free)", q.shipping);
  await typeInto(page, "Lead time from (working days)", q.from);
  await typeInto(page, "Lead time to (working days)", q.to);
  if (q.deposit) await typeInto(page, "Deposit (% of the price, optional)", q.deposit);
  if (q.notes) await typeInto(page, "Notes for the shopper (optional)", q.notes);
  await page.getByRole("button", { name: "Send quote" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Quote sent")).toBeVisible();
}

/** Types the test card that succeeds, tabs to the pay button and presses it. */
async function payByKeyboard(page: Page, form: ReturnType<Page["getByRole"]>) {
  await typeInto(page, "Card number", "4242 4242 4242 4242");
  await typeInto(page, "Expiry (MM / YY)", "12/34");
  await typeInto(page, "CVC", "123");
  await page.keyboard.press("Tab");
  await expect(form.getByTestId("pay-button")).toBeFocused();
  await page.keyboard.press("Enter");
}

/**
 * The newest email to `to` whose subject starts with `subject`, and the first link in it after `prefix`,
 * read from the dev mailbox (the whole message: the stored EmailMessage keeps the link's place, not its token).
 */
async function linkFromEmail(to: string, subject: string, prefix: string): Promise<string> {
  const dir = path.resolve(E2E_MAILBOX_DIR);
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(`-${to}.txt`))
        .sort()
        .reverse()
    : [];
  const text = files.map((f) => readFileSync(path.join(dir, f), "utf8")).find((t) => t.includes(`\nSubject: ${subject}`) || t.startsWith(`Subject: ${subject}`));
  expect(text, `an email "${subject}…" to ${to} in the dev mailbox`).toBeTruthy();
  const url = new URL(new RegExp(`${prefix}(\\S+)`).exec(text!)![1]);
  return url.pathname + url.search;
}

test("a shopper asks for a piece like one in the shop, by keyboard", async ({ page, request }) => {
  // Many keystrokes and a photo upload: past 45 s on a loaded 2-core machine.
  test.slow();
  const { products } = await (await request.get("/api/products?limit=100")).json();
  const product = products.find((p: { sold: boolean }) => !p.sold);
  await page.goto(`/product/${product.slug}`);
  const link = page.getByTestId("commission-link").getByRole("link", { name: "Commission a piece" });
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/commission\\?product=${product.slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Commission a piece" })).toBeVisible();
  await expect(page.getByTestId("commission-like")).toContainText(product.name);
  await waitForHydration(page);
  await expectNoAxeViolations(page, "/commission");

  // Sending it empty names what is missing.
  await page.getByRole("button", { name: "Send request" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Tell us what you would like made (at least 20 characters)")).toBeVisible();
  await expect(page.getByText("Choose a budget range")).toBeVisible();

  await typeInto(page, "What would you like made?", "The same bowl in cherry, a little deeper, for a fruit bowl on our table.");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel(/Wood or material/)).toBeFocused();
  await page.keyboard.type("Cherry");
  await page.keyboard.press("Tab");
  await page.keyboard.type("11 in across, 5 in deep");
  await page.getByLabel("Budget").focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByLabel("Budget")).toHaveValue("150_300");
  await typeInto(page, "Your name", "Casey Fern");
  await typeInto(page, /^Email$/, EMAIL);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Send request" })).toBeFocused();
  await page.keyboard.press("Enter");
  const thanks = page.getByTestId("commission-thanks");
  await expect(thanks).toContainText("Thank you! Your request is on its way to the workshop.");
  reference = (/COM-[0-9A-F]{8}/.exec((await thanks.textContent()) ?? "") ?? [""])[0];
  expect(reference).toMatch(/^COM-/);
  const [row] = await queryE2eDb<{ status: string; material: string; budget: string; productId: number }>(`SELECT status::text, material, budget, "productId" FROM "Commission" WHERE reference = $1`, [
    reference,
  ]);
  expect(row).toEqual({ status: "new", material: "Cherry", budget: "150_300", productId: product.id });
});

test("the maker answers and quotes from the Commissions board, by keyboard", async ({ page }) => {
  // Two screens read by axe at two widths, a message and a quote typed key by key: past 45 s on a loaded machine.
  test.slow();
  await signIn(page);
  await page.goto("/admin/commissions");
  const row = page.getByTestId("commission-row").filter({ hasText: reference });
  await expect(row).toContainText("Casey Fern");
  await expect(row).toContainText("New");
  await expectNoAxeViolations(page, "/admin/commissions");
  await row.getByRole("link", { name: reference }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: `Commission ${reference}` })).toBeVisible();

  await typeInto(page, "Message (emailed, and kept in the thread)", "Happy to. Would a natural oil finish suit you?");
  await page.getByRole("button", { name: "Send message" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Message sent")).toBeVisible();
  await expect(page.getByTestId("admin-commission-thread")).toContainText("Would a natural oil finish suit you?");

  await sendQuote(page, { price: "185", shipping: "18.50", from: "10", to: "15", notes: "Cherry darkens beautifully in the first year." });
  await expect(page.getByTestId("admin-commission-status")).toHaveText("Quoted");
  await expect(page.getByTestId("admin-commission-quotes")).toContainText("$203.50");
  // The screen has settled (its buttons fade while an action runs) before axe reads the colours.
  await expect(page.getByRole("button", { name: "Send quote" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Send quote" })).toHaveCSS("opacity", "1");
  await expectNoAxeViolations(page, "the commission's screen");
});

test("the shopper opens the quote from the email and replies in the thread, by keyboard", async ({ page }) => {
  // Many keystrokes, each waiting for the page: on a loaded 2-core machine it ran past the 45 s default (50 s).
  test.slow();
  const quotePath = await linkFromEmail(EMAIL, "Your quote for commission", "See and pay the quote: ");
  await page.goto(quotePath);
  await expect(page.getByRole("heading", { level: 1, name: "Your quote" })).toBeVisible();
  const amounts = page.getByTestId("quote-amounts");
  await expect(amounts).toContainText("$185.00");
  await expect(amounts).toContainText("$18.50");
  await expect(amounts).toContainText("$203.50");
  await expect(page.getByText("Made in 10–15 working days, then 2–5 days in transit.")).toBeVisible();
  await expect(page.getByText("Custom work is made for you and cannot be returned", { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, "the quote page");

  await page.getByRole("link", { name: "Reply to the maker" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Your commission" })).toBeVisible();
  await expect(page.getByTestId("commission-status")).toHaveText("Quoted");
  await expect(page.getByTestId("commission-thread")).toContainText("Would a natural oil finish suit you?");
  await waitForHydration(page);
  await typeInto(page, "Your message to the maker", "Yes, oil please. I accept the quote.");
  await page.getByRole("button", { name: "Send message" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("commission-thread")).toContainText("Yes, oil please. I accept the quote.");
  await expectNoAxeViolations(page, "the commission's thread");

  // A tampered link opens nothing.
  await page.goto(`${quotePath.slice(0, -4)}AAAA`);
  await expect(page.getByTestId("quote-refused")).toHaveText(/This link is not valid/);
});

test("the shopper pays the quote by keyboard; the link then shows the order, and the maker sees a Commission order", async ({ page }) => {
  test.slow();
  const quotePath = await linkFromEmail(EMAIL, "Your quote for commission", "See and pay the quote: ");
  await page.goto(quotePath);
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Pay for your commission" });
  // The name and email of the request are filled in.
  await expect(form.getByLabel("Email")).toHaveValue(EMAIL);
  await expect(form.getByLabel("First name")).toHaveValue("Casey");
  await expect(form.getByLabel("Last name")).toHaveValue("Fern");
  await expect(form.getByText("Please complete your shipping address to proceed with payment.")).toBeVisible();
  await typeInto(page, "Address", "4 Orchard Lane");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("City")).toBeFocused();
  await page.keyboard.type("Burlington");
  await typeInto(page, "State", "VT");
  await typeInto(page, "ZIP / postal code", "05401");
  const consent = form.getByLabel("The maker may show the finished piece in the gallery");
  await consent.focus();
  await page.keyboard.press("Space");
  await expect(consent).toBeChecked();
  await expect(form.getByLabel("Card number")).toBeVisible();
  await expect(form.getByTestId("pay-button")).toHaveText("Pay $203.50");
  await expectNoAxeViolations(page, "the quote page's payment form");
  await payByKeyboard(page, form);

  await expect(page).toHaveURL(/\/order-confirmation\?order=ORD-[\w-]+$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeVisible();
  const orderNumber = new URL(page.url()).searchParams.get("order")!;
  const lines = await queryE2eDb<{ productId: number | null; productName: string; total: string; ships: string }>(
    `SELECT i."productId", i."productName", o.total::text AS total, i.ships FROM "OrderItem" i JOIN "Order" o ON o.id = i."orderId" WHERE o."orderNumber" = $1`,
    [orderNumber],
  );
  expect(lines).toEqual([
    { productId: null, productName: expect.stringMatching(new RegExp(`^Commission ${reference} — The same bowl in cherry`)), total: "203.50", ships: "Made to order — ships in 10–15 working days" },
  ]);
  const [row] = await queryE2eDb<{ status: string; galleryConsent: boolean }>(`SELECT status::text, "galleryConsent" FROM "Commission" WHERE reference = $1`, [reference]);
  expect(row).toEqual({ status: "accepted", galleryConsent: true });

  // The link again: paid, naming the order.
  await page.goto(quotePath);
  await expect(page.getByTestId("quote-refused")).toContainText("This quote has been paid. Thank you!");
  await expect(page.getByTestId("quote-refused")).toContainText(orderNumber);

  await signIn(page);
  await page.goto("/admin/orders");
  const orderRow = page.getByTestId("order-row").filter({ hasText: orderNumber });
  await expect(orderRow.getByTestId("commission-badge")).toHaveText("Commission");
  await orderRow.getByTestId("commission-badge").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: `Commission ${reference}` })).toBeVisible();
  await expect(page.getByTestId("admin-commission-status")).toHaveText("Accepted");
  await expect(page.getByTestId("admin-commission-paid")).toContainText(orderNumber);
  await expect(page.getByTestId("admin-commission-consent")).toHaveText("The shopper agreed to show the finished piece");
});

test("once shipped, the maker publishes the commission to the gallery by keyboard; it shows there as a sold piece", async ({ page }) => {
  test.slow();
  await signIn(page);
  const [{ id }] = await queryE2eDb<{ id: number }>(`SELECT id FROM "Commission" WHERE reference = $1`, [reference]);
  await page.goto(`/admin/commissions/${id}`);
  const gallery = page.getByTestId("commission-gallery");
  await expect(gallery).toContainText("Only a shipped or closed commission can go in the gallery.");
  for (const step of ["Mark in progress", "Mark shipped"]) {
    await page.getByRole("button", { name: step }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(`Moved to ${step.replace("Mark ", "").replace(/^./, (c) => c.toUpperCase())}`)).toBeVisible();
  }
  await expect(page.getByTestId("admin-commission-status")).toHaveText("Shipped");
  await expect(gallery.getByRole("heading", { name: "Publish to the gallery" })).toBeVisible();

  // Sent without a name or photos: the product's own rules say what is missing.
  await gallery.getByRole("button", { name: "Publish to the gallery" }).focus();
  await page.keyboard.press("Enter");
  await expect(gallery.getByText("Name is required")).toBeVisible();

  await typeInto(page, "Name of the piece", "Deep cherry fruit bowl");
  await expect(gallery.getByText("Name is required")).toHaveCount(0);
  await page.getByLabel("Category").focus();
  await page.keyboard.press("ArrowDown");
  await typeInto(page, "Description", "Turned from one cherry board, 11 inches across and 5 deep, oiled.");
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 150, g: 80, b: 40 } } })
    .png()
    .toBuffer();
  await gallery.getByLabel("Upload images").setInputFiles({ name: "bowl.png", mimeType: "image/png", buffer: photo });
  await expect(gallery.getByRole("list", { name: "Product images" }).getByRole("listitem")).toHaveCount(1);
  await expect(gallery.getByRole("button", { name: "Publish to the gallery" })).toHaveCSS("opacity", "1");
  await expectNoAxeViolations(page, "the commission's gallery form");
  await gallery.getByRole("button", { name: "Publish to the gallery" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Published to the gallery")).toBeVisible();
  await expect(gallery).toContainText("In the gallery as Deep cherry fruit bowl.");

  await page.goto("/gallery");
  const card = page.locator("main").getByText("Deep cherry fruit bowl");
  await expect(card.first()).toBeVisible();
  const [product] = await queryE2eDb<{ price: string; sold: boolean; showInGallery: boolean; uniqueItem: boolean }>(
    `SELECT price::text, sold, "showInGallery", "uniqueItem" FROM "Product" WHERE "commissionId" = $1`,
    [id],
  );
  expect(product).toEqual({ price: "185.00", sold: true, showInGallery: true, uniqueItem: true });
});

test("a deposit, then the balance: the shopper pays both links by keyboard; the maker sends the balance link and sees paid / due", async ({ page, request }) => {
  test.slow();
  const email = `deposit-${Date.now()}@example.com`;
  const asked = await request.post("/api/commissions", {
    data: { name: "Robin Oak", email, description: "A walnut step stool, 9 inches high, with a hand hole in the top.", budget: "150_300" },
    headers: { "x-forwarded-for": `203.0.113.${Math.floor(Math.random() * 200) + 20}` },
  });
  expect(asked.status()).toBe(201);
  const { reference: depositRef } = await asked.json();
  const [{ id }] = await queryE2eDb<{ id: number }>(`SELECT id FROM "Commission" WHERE reference = $1`, [depositRef]);

  // The maker quotes 200.00 + 20.00 shipping with a 25 % deposit, by keyboard.
  await signIn(page);
  await page.goto(`/admin/commissions/${id}`);
  await sendQuote(page, { price: "200", shipping: "20", from: "5", to: "8", deposit: "25" });
  await expect(page.getByTestId("admin-commission-quotes")).toContainText("deposit $50.00");

  // The shopper pays the deposit only.
  const quotePath = await linkFromEmail(email, "Your quote for commission", "See the quote and pay the deposit: ");
  await page.goto(quotePath);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 2, name: "Accept and pay the deposit" })).toBeVisible();
  const form = page.getByRole("form", { name: "Pay for your commission" });
  await typeInto(page, "Address", "9 Mill Road");
  await typeInto(page, "City", "Keene");
  await typeInto(page, "State", "NH");
  await typeInto(page, "ZIP / postal code", "03431");
  await expect(form.getByTestId("pay-button")).toHaveText("Pay $50.00");
  await expect(form.getByTestId("quote-due-now")).toContainText("The balance of $170.00 is paid by a link the maker sends when the piece is ready.");
  await payByKeyboard(page, form);
  await expect(page).toHaveURL(/\/order-confirmation\?order=ORD-[\w-]+$/, { timeout: 20_000 });
  const orderNumber = new URL(page.url()).searchParams.get("order")!;
  const orderRow = async () => (await queryE2eDb<{ total: string; balanceDue: string }>(`SELECT total::text, "balanceDue"::text FROM "Order" WHERE "orderNumber" = $1`, [orderNumber]))[0];
  expect(await orderRow()).toEqual({ total: "220.00", balanceDue: "170.00" });

  // The maker sends the balance link from the commission's screen.
  await page.goto(`/admin/commissions/${id}`);
  await expect(page.getByTestId("admin-commission-balance")).toHaveText(`Order ${orderNumber}: paid $50.00 · due $170.00`);
  await expect(page.getByRole("button", { name: "Send the balance link ($170.00)" })).toHaveCSS("opacity", "1");
  await expectNoAxeViolations(page, "the commission's screen with a balance due");
  await page.getByRole("button", { name: "Send the balance link ($170.00)" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Balance link sent")).toBeVisible();
  await expect(page.getByTestId("admin-commission-quotes")).toContainText(`$170.00 balance link for order ${orderNumber}`);

  // The shopper pays the balance: the card only; the link then says it is paid.
  const balancePath = await linkFromEmail(email, "The balance for your commission", "Pay the balance: ");
  await page.goto(balancePath);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "The balance of your commission" })).toBeVisible();
  await expect(page.getByTestId("quote-amounts")).toContainText("$170.00");
  const balanceForm = page.getByRole("form", { name: "Pay the balance" });
  await expect(balanceForm.getByTestId("pay-button")).toHaveText("Pay $170.00");
  await expectNoAxeViolations(page, "the balance link's page");
  await payByKeyboard(page, balanceForm);
  await expect(page.getByTestId("quote-refused")).toContainText("This balance has been paid. Thank you!", { timeout: 20_000 });
  await expect(page.getByTestId("quote-refused")).toContainText(orderNumber);
  expect(await orderRow()).toEqual({ total: "220.00", balanceDue: "0.00" });
  const payments = await queryE2eDb<{ amount: string; captured: boolean }>(`SELECT p.amount::text, p.captured FROM "OrderPayment" p JOIN "Order" o ON o.id = p."orderId" WHERE o."orderNumber" = $1`, [
    orderNumber,
  ]);
  expect(payments).toEqual([{ amount: "170.00", captured: true }]);

  // The maker's screen: nothing more is due.
  await page.goto(`/admin/commissions/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Commission ${depositRef}` })).toBeVisible();
  await expect(page.getByTestId("admin-commission-balance")).toHaveCount(0);
});
