import { queryE2eDb } from "./e2e-env";
import { test, expect } from "./test";

/**
 * Issue 54, finding 1: with the cross-site rule on every public write (tested route by
 * route in tests/integration/security/public-cross-site.test.ts), the shop's own form, sent by a
 * real browser with its Origin and Sec-Fetch-Site, still goes through, and the
 * acknowledgement carries none of the requester's words.
 */
test("the shop's own commission form still sends, and the acknowledgement says only what the shop wrote", async ({ page }) => {
  const email = `own-form-${Date.now()}@example.com`;
  await page.goto("/commission");
  await expect(page.getByRole("heading", { level: 1, name: "Commission a piece" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.getByLabel("What would you like made?", { exact: true }).fill("A salad bowl in black walnut, about 12 inches across.");
  await page.getByLabel("Budget").selectOption("unsure");
  await page.getByLabel("Your name", { exact: true }).fill("Robin Ash");
  await page.getByLabel(/^Email$/).fill(email);
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByTestId("commission-thanks")).toContainText("Thank you! Your request is on its way to the workshop.");
  await expect.poll(async () => (await queryE2eDb<{ text: string }>(`SELECT text FROM "EmailMessage" WHERE "to" = $1`, [email]))[0]?.text ?? "").toContain("Budget: Not sure yet");
  const [ack] = await queryE2eDb<{ text: string; html: string }>(`SELECT text, html FROM "EmailMessage" WHERE "to" = $1`, [email]);
  expect(`${ack.text}${ack.html}`).not.toMatch(/Robin|salad bowl/);
});
