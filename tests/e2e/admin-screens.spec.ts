import { test, expect } from "./test";
import { signIn } from "./a11y-helpers";
import { queryE2eDb } from "./e2e-env";

// "No admin screen logs a console error or throws, with orders present" is checked on the loads of the
// every-admin-screen axe walks (admin-routes.ts axeEveryAdminScreen), at 1280 and 390 px.

test("the discount form asks only for the amount its kind takes off", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/discounts");
  const form = page.getByRole("form", { name: "New discount code" });
  const kind = form.getByLabel("Takes off");
  await expect(form.getByLabel("Percentage off")).toBeVisible();
  await expect(form.getByLabel("Amount off ($)")).toHaveCount(0);
  await kind.selectOption("fixed");
  await expect(form.getByLabel("Amount off ($)")).toBeVisible();
  await expect(form.getByLabel("Percentage off")).toHaveCount(0);
  await kind.selectOption("free_shipping");
  await expect(form.getByLabel("Amount off ($)")).toHaveCount(0);
  await expect(form.getByLabel("Percentage off")).toHaveCount(0);
  // A fixed-amount code still saves through the unchanged server schema.
  const code = `FIX${Date.now().toString(36).toUpperCase()}`;
  await form.getByLabel("Code").fill(code);
  await kind.selectOption("fixed");
  await form.getByLabel("Amount off ($)").fill("7.50");
  await form.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByTestId("discount-codes").getByRole("row").filter({ hasText: code })).toContainText("$7.50 off");
});

test("the activity log names actions in words, and counts agree with their nouns", async ({ page }) => {
  await queryE2eDb(`INSERT INTO "AuditLog" ("adminName", "entityType", "entityId", action, before, after) VALUES ('Sam', 'commission', '1', 'balance_quote', NULL, '{"balance":"340.00"}'::jsonb)`);
  await signIn(page);
  await page.goto("/admin/activity");
  const row = page.getByTestId("activity-row").filter({ hasText: "Asked for the balance of commission #1" }).first();
  await expect(row).toContainText("Asked for the balance of commission #1");
  await expect(page.getByTestId("activity-row").filter({ hasText: /Balance_quote|balance_quote/ })).toHaveCount(0);
});
