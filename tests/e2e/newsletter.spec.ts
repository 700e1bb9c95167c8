import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test, expect, type Page } from "./test";
import { axeReport, ADMIN_EMAIL, signIn } from "./a11y-helpers";
import { E2E_MAILBOX_DIR, queryE2eDb } from "./e2e-env";

/**
 * Issue 28 in the browser: a visitor signs up in the footer, finds the confirmation in the dev
 * mailbox and confirms by keyboard; the maker composes a newsletter, previews it at desktop and
 * phone width, sends a test to themself and sends it to every confirmed subscriber — all by
 * keyboard — and watches it finish. axe (WCAG 2.2 AA) finds nothing on the Newsletter and
 * Subscribers screens, the confirmation page and the unsubscribe page at 1280 and 390 px.
 */
test.describe.configure({ mode: "serial" });

const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
const reader = `e2e-reader-${stamp}@example.com`;

/** axe (WCAG 2.2 AA) at 1280 and 390 px; the preview frame is checked as its own page below. */
async function expectNoViolations(page: Page, where: string, widths = [1280, 390], disabledRules: string[] = []) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    expect(await axeReport(page, { iframes: false, disabledRules }), `axe violations on ${where} at ${width} px`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${where} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The newest dev-mailbox file to `to` whose name starts with `prefix` (or any), containing `needle`; "" when none. */
function mailbox(to: string, needle: string, prefix = ""): string {
  const dir = path.resolve(E2E_MAILBOX_DIR);
  if (!existsSync(dir)) return "";
  for (const f of readdirSync(dir)
    .filter((f) => f.startsWith(prefix) && f.includes(to))
    .sort()
    .reverse()) {
    const text = readFileSync(path.join(dir, f), "utf8");
    if (text.includes(needle)) return text;
  }
  return "";
}

/** Tab (or Shift+Tab) until `target` has focus: the way a keyboard user gets there. */
async function tabTo(page: Page, target: ReturnType<Page["locator"]>, { backwards = false, max = 150 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error("could not reach the control with Tab");
}

test("a footer sign-up is confirmed from the dev mailbox, by keyboard", async ({ page }) => {
  // Many keystrokes, each waiting for the page: on a loaded 2-core machine it ran past the 45 s default (50 s).
  test.slow();
  await page.goto("/");
  const field = page.locator("footer").getByLabel("Email address");
  await field.focus();
  await page.keyboard.type(reader);
  await page.keyboard.press("Enter");
  await expect(page.getByText("Thank you for subscribing to our newsletter. Check your inbox to confirm.", { exact: true })).toBeVisible();
  const [row] = await queryE2eDb<{ status: string }>(`SELECT status::text FROM "NewsletterSubscriber" WHERE email = $1`, [reader]);
  expect(row.status).toBe("pending");

  await expect.poll(() => mailbox(reader, "Subject: Confirm your")).not.toBe("");
  const link = /https?:\/\/\S+\/newsletter\/confirm\?token=\S+/.exec(mailbox(reader, "Subject: Confirm your"))![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expectNoViolations(page, "the confirmation page");
  await tabTo(page, page.getByRole("button", { name: "Confirm my subscription" }));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("newsletter-confirmed")).toBeVisible();
  const [after] = await queryE2eDb<{ status: string }>(`SELECT status::text FROM "NewsletterSubscriber" WHERE email = $1`, [reader]);
  expect(after.status).toBe("confirmed");
});

test("the maker composes, previews, tests and sends by keyboard; the reader gets it and can unsubscribe", async ({ page }) => {
  // Four axe passes over the admin screen and a whole send: longer than one page's test.
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto("/admin/newsletter");
  await expect(page.getByRole("heading", { name: "Newsletter", level: 1 })).toBeVisible();
  await expectNoViolations(page, "the Newsletter screen");

  const subject = `E2E letter ${stamp}`;
  await tabTo(page, page.getByLabel("Subject"));
  await page.keyboard.type(subject);
  await page.keyboard.press("Tab");
  await page.keyboard.type("Fresh from the workshop");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Two **new** bowls this week.");
  // The first product in the grid (after the "Show sold pieces" switch, which stays off).
  const firstProduct = page.getByTestId("nl-product-choices").getByRole("checkbox").first();
  await tabTo(page, firstProduct);
  await page.keyboard.press("Space");
  await expect(firstProduct).toBeChecked();
  await expect(page.getByRole("checkbox", { name: /Show sold pieces/ })).not.toBeChecked();

  await tabTo(page, page.getByRole("button", { name: "Preview" }));
  await page.keyboard.press("Enter");
  const preview = page.getByTestId("newsletter-preview");
  await expect(preview).toBeVisible();
  // The request over, the keyboard is where it was: the Preview button kept the focus while it ran.
  await expect(page.getByRole("button", { name: "Preview" })).toBeFocused();
  await expect(preview).toHaveAttribute("title", "Newsletter preview at desktop width");
  expect(await preview.evaluate((el) => (el as HTMLIFrameElement).getBoundingClientRect().width)).toBe(640);
  await tabTo(page, page.getByRole("button", { name: "Phone" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Phone" })).toHaveAttribute("aria-pressed", "true");
  expect(await preview.evaluate((el) => (el as HTMLIFrameElement).getBoundingClientRect().width)).toBe(390);
  await expect(page.frameLocator('[data-testid="newsletter-preview"]').getByRole("heading", { name: subject })).toBeVisible();
  await expectNoViolations(page, "the Newsletter screen with its preview");
  // The message itself, as its own page at desktop and phone width.
  const html = await preview.getAttribute("srcdoc");
  const letter = await page.context().newPage();
  await letter.setContent(html!.replaceAll('src="/', `src="${new URL(page.url()).origin}/`));
  for (const img of await letter.locator("img").all()) expect(await img.getAttribute("alt")).toBeTruthy();
  // A message is read inside a mail client's page: the page-level landmark rules are the client's, not the message's.
  await expectNoViolations(letter, "the newsletter's HTML", [1280, 390], ["landmark-one-main", "region"]);
  await letter.close();

  // Back up from the preview's width buttons to the form's buttons above them, as a keyboard user would (forwards,
  // the walk would wrap round the whole page and its product grid, which grows as other tests add products).
  await tabTo(page, page.getByRole("button", { name: `Send a test to ${ADMIN_EMAIL}` }), { backwards: true });
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("newsletter-status")).toHaveText(`Test sent to ${ADMIN_EMAIL}.`);
  await expect.poll(() => mailbox(ADMIN_EMAIL, `Subject: [Test] ${subject}`, "newsletter-test-")).not.toBe("");

  const [{ count }] = await queryE2eDb<{ count: string }>(`SELECT count(*)::text AS count FROM "NewsletterSubscriber" WHERE status = 'confirmed'`);
  await tabTo(page, page.getByRole("button", { name: "Send to all confirmed subscribers" }));
  await page.keyboard.press("Enter");
  const yes = page.getByRole("button", { name: "Yes, send now" });
  await expect(yes).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("newsletter-status")).toContainText("Sending to");
  const row = page.getByRole("row").filter({ hasText: subject });
  await expect(row.getByTestId("campaign-progress")).toHaveText(`${count} / ${count}`, { timeout: 30_000 });
  await expect(row).toContainText("Sent");

  // The reader's copy: both List-Unsubscribe headers, a text part, alt text on every image.
  await expect.poll(() => mailbox(reader, `Subject: ${subject}`, "newsletter-")).not.toBe("");
  const message = mailbox(reader, `Subject: ${subject}`, "newsletter-");
  expect(message).toMatch(/^List-Unsubscribe: <https?:\/\/\S+\/api\/newsletter\/unsubscribe\/[\w-]+>$/m);
  expect(message).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  expect(message).toContain("Content-Type: text/plain; charset=utf-8");
  for (const img of message.match(/<img\b[^>]*>/g) ?? []) expect(img).toMatch(/\salt="[^"]+"/);

  // Its footer link: the unsubscribe page, by keyboard, then the offer to re-subscribe.
  const unsubscribe = /https?:\/\/\S+\/newsletter\/unsubscribe\/[\w-]+/.exec(message)![0];
  await page.goto(new URL(unsubscribe).pathname);
  await expectNoViolations(page, "the unsubscribe page");
  await tabTo(page, page.getByRole("button", { name: "Unsubscribe" }));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("newsletter-unsubscribed")).toBeVisible();
  await expect(page.getByRole("button", { name: "Re-subscribe" })).toBeVisible();
  const [gone] = await queryE2eDb<{ status: string }>(`SELECT status::text FROM "NewsletterSubscriber" WHERE email = $1`, [reader]);
  expect(gone.status).toBe("unsubscribed");
});

test("the Subscribers screen: search, status and source, axe clean", async ({ page }) => {
  await signIn(page);
  await page.goto(`/admin/newsletter/subscribers?q=${encodeURIComponent(reader)}`);
  const table = page.getByTestId("subscribers-table");
  await expect(table.getByRole("row").filter({ hasText: reader })).toContainText("Unsubscribed");
  await expect(table.getByRole("row").filter({ hasText: reader })).toContainText("Footer form");
  await expectNoViolations(page, "the Subscribers screen");
});
