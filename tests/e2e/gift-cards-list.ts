import { readdirSync, readFileSync } from "node:fs";
import { lookAt } from "./look";
import path from "node:path";
import { expect, type Page } from "./test";
import { axeReport, signIn } from "./a11y-helpers";
import { E2E_MAILBOX_DIR, queryE2eDb } from "./e2e-env";

/**
 * The maker's gift-card screen, shared by the 1280 px (gift-cards.spec.ts) and 390 px
 * (mobile.spec.ts) runs: a card issued with a recipient is emailed to them; the list finds it by
 * its last 4, shows the code masked, reveals it on request (an audit row), resends it; axe-clean.
 */

const mailboxFor = (to: string) => {
  const dir = path.resolve(E2E_MAILBOX_DIR);
  return readdirSync(dir)
    .map((f) => readFileSync(path.join(dir, f), "utf8"))
    .filter((m) => m.includes(to));
};

export async function walkGiftCardList(page: Page, width: number) {
  await signIn(page);
  await page.goto("/admin/gift-cards");
  const recipient = `gc-${width}-${Date.now().toString(36)}@example.com`;
  const issue = page.getByRole("form", { name: "Issue a gift card" });
  await issue.getByLabel("Amount ($)").fill("40");
  await issue.getByLabel("Recipient email (optional)").fill(recipient);
  await issue.getByRole("button", { name: "Issue" }).click();
  await expect(page.getByTestId("gift-card-emailed")).toHaveText(`Emailed to ${recipient} with its code.`);
  const code = (await page.getByTestId("gift-card-details").getByRole("heading").textContent())!;
  await expect.poll(() => mailboxFor(recipient).filter((m) => m.includes(code)).length).toBe(1);

  // The list, searched by the recipient: the code masked, then shown whole on request.
  await page.goto(`/admin/gift-cards?q=${encodeURIComponent(recipient)}`);
  const rows = page.getByTestId("gift-card-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.getByTestId("gift-card-code")).toHaveText(`•••• •••• ${code.slice(-4)}`);
  await expect(rows).toContainText("$40.00 of $40.00");
  await expect(rows).toContainText("Issued by you");
  await expect(page.getByText(code)).toHaveCount(0);
  // By its last 4, from the search field.
  await page.goto("/admin/gift-cards");
  await page.getByRole("searchbox", { name: "Search" }).fill(code.slice(-4).toLowerCase());
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${code.slice(-4).toLowerCase()}`));
  const row = page.getByTestId("gift-card-row").filter({ hasText: recipient });
  await expect(row).toHaveCount(1);
  expect(await axeReport(page), `axe on /admin/gift-cards at ${width} px`).toEqual([]);
  await lookAt(page, { path: `test-results/admin-gift-card-list-${width}.png`, fullPage: true });

  await row.getByRole("button", { name: `Show code of the card ending ${code.slice(-4)}` }).click();
  await expect(row.getByTestId("gift-card-code")).toHaveText(code);
  const [id] = await queryE2eDb<{ id: number }>(`SELECT id FROM "GiftCard" WHERE code = $1`, [code]);
  await expect
    .poll(
      async () => (await queryE2eDb<{ n: string }>(`SELECT count(*)::text AS n FROM "AuditLog" WHERE "entityType" = 'gift_card' AND "entityId" = $1 AND action = 'reveal_code'`, [String(id.id)]))[0].n,
    )
    .toBe("1");

  await row.getByRole("button", { name: `Resend email of the card ending ${code.slice(-4)}` }).click();
  await expect(page.getByText(`Gift card sent again to ${recipient}`)).toBeVisible();
  await expect.poll(() => mailboxFor(recipient).filter((m) => m.includes(code)).length).toBe(2);
}
