import { test, expect, type Browser, type Page } from "./test";
import pg from "pg";
import { hashPassword } from "../../lib/auth/password";
import { E2E_MAILBOX_DIR, withE2eDb } from "./e2e-env";
import { signIn as signInAsAdmin } from "./a11y-helpers";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The maker's admin area in a real browser: sign-in (wrong password, redirect of
 * a signed-in admin), the password-reset email round trip, the shell, dashboard,
 * orders (status change, view, delete), customers (edit, refused and allowed
 * deletes), users (create, delete) and logging out.
 *
 * CI's e2e server seeds admin@example.com / correct-horse-battery. Against the
 * dev server: E2E_BASE_URL=http://localhost:3000 E2E_ADMIN_EMAIL=admin@maplemicron.local
 * E2E_DATABASE_URL=<the embedded DB URL printed by `npm run dev`>.
 */
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? "admin@example.com";
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? "correct-horse-battery";

const withDb = withE2eDb;

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type SeededOrder = { orderId: number; orderNumber: string; customerId: number; email: string };

/** A customer with one order (one line), inserted directly: the admin screens only read and change it. */
async function insertOrder(db: pg.Client, tag = unique(), paymentProvider = "stripe"): Promise<SeededOrder> {
  const email = `e2e-buyer-${tag}@example.com`;
  const address = JSON.stringify({ line1: "12 Birch Lane", line2: null, city: "Asheville", state: "NC", postalCode: "28801", country: "US" });
  const customer = await db.query<{ id: number }>(`INSERT INTO "Customer" (email, "firstName", "lastName", "updatedAt") VALUES ($1, 'Edith', 'Buyer', now()) RETURNING id`, [email]);
  const customerId = customer.rows[0].id;
  const orderNumber = `ORD-E2E-${tag.toUpperCase()}`;
  const order = await db.query<{ id: number }>(
    `INSERT INTO "Order" ("orderNumber", "customerId", "firstName", "lastName", email, status, "shippingAddress", "billingAddress",
       subtotal, shipping, "shippingService", tax, total, "stripePaymentIntentId", "paymentProvider", "updatedAt")
     VALUES ($1, $2, 'Edith', 'Buyer', $3, 'pending', $4::jsonb, $4::jsonb, 42.00, 15.99, 'USPS_GROUND_ADVANTAGE', 0, 57.99, $5, $6, now()) RETURNING id`,
    [orderNumber, customerId, email, address, `pi_e2e_${tag}`, paymentProvider],
  );
  const orderId = order.rows[0].id;
  await db.query(`INSERT INTO "OrderItem" ("orderId", "productName", price, quantity, total) VALUES ($1, 'E2E Walnut Coaster Set', 21.00, 2, 42.00)`, [orderId]);
  return { orderId, orderNumber, customerId, email };
}

/** A throwaway admin with a known password, inserted directly. */
async function insertAdmin(db: pg.Client, tag = unique()): Promise<{ id: number; email: string; password: string }> {
  const email = `e2e-solo-${tag}@example.com`;
  const password = `solo-pass-${tag}`;
  const res = await db.query<{ id: number }>(`INSERT INTO "AdminUser" (username, email, "passwordHash", "updatedAt") VALUES ($1, $2, $3, now()) RETURNING id`, [
    `e2e-solo-${tag}`,
    email,
    await hashPassword(password),
  ]);
  return { id: res.rows[0].id, email, password };
}

async function removeOrder(db: pg.Client, seeded: SeededOrder) {
  await db.query(`DELETE FROM "Order" WHERE id = $1`, [seeded.orderId]);
  await db.query(`DELETE FROM "Customer" WHERE id = $1`, [seeded.customerId]);
}

/**
 * The reset link (path and token) from the newest email in the e2e server's dev mailbox for this
 * address, or "". The outbox row in the database has the token redacted (checked here too).
 */
async function readResetLink(email: string): Promise<string> {
  const dir = path.resolve(E2E_MAILBOX_DIR);
  const newest = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(`-${email}.txt`))
        .sort()
        .at(-1)
    : undefined;
  const link = newest ? (/\/admin\/reset-password\?token=\S+/.exec(readFileSync(path.join(dir, newest), "utf8"))?.[0] ?? "") : "";
  if (link) {
    const stored = await withDb((db) => db.query<{ text: string }>(`SELECT text FROM "EmailMessage" WHERE "to" = $1 ORDER BY id DESC LIMIT 1`, [email]));
    expect(stored.rows[0]?.text).toContain("token=[redacted]");
  }
  return link;
}

/** Through the form for another admin; the shop's admin reuses this worker's session (a11y-helpers.ts; the form itself is tested above). */
async function signIn(page: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  if (email === ADMIN_EMAIL && password === ADMIN_PASSWORD) {
    await signInAsAdmin(page);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    return;
  }
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

function toast(page: Page, text: string | RegExp) {
  return page.getByRole("region", { name: /Notifications/ }).getByText(text);
}

test.describe("sign-in", () => {
  test("the login shows at /admin and /admin/login and is not indexed", async ({ page }) => {
    for (const path of ["/admin", "/admin/login"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
      await expect(page.getByLabel("Email")).toBeVisible();
      await expect(page.getByRole("button", { name: "Forgot your password?" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to store" })).toHaveAttribute("href", "/");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    }
  });

  test("a wrong password shows the server's message; the right one opens the dashboard", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(ADMIN_EMAIL);
    await page.getByLabel("Password", { exact: true }).fill("definitely-not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);

    await page.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("a signed-in admin visiting /admin or /admin/login goes on to the dashboard", async ({ page }) => {
    await signIn(page);
    for (const path of ["/admin", "/admin/login"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
    }
  });

  test("guarded pages send a visitor without a session to the login", async ({ page }) => {
    for (const path of ["/admin/dashboard", "/admin/orders", "/admin/customers", "/admin/users"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/login$/);
    }
  });

  test("the reset page without a token says the link is invalid", async ({ page }) => {
    await page.goto("/admin/reset-password");
    await expect(page.getByRole("heading", { name: "Invalid Reset Link" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Login" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("the reset form checks the password and its confirmation before sending", async ({ page }) => {
    await page.goto("/admin/reset-password?token=not-a-real-token-but-long-enough");
    await page.getByLabel("New password", { exact: true }).fill("abc");
    await page.getByLabel("Confirm new password").fill("abd");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("abcdef");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel("Confirm new password").fill("abcdef");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(toast(page, "Reset Failed")).toBeVisible();
    await expect(toast(page, "Failed to reset password. The link may be expired or invalid.")).toBeVisible();
  });
});

test.describe("shell and dashboard", () => {
  test("two browsers signed in as one admin: Logout ends only its own; the Sessions screen ends another or its own, and Sign Out Everywhere ends both and the API tokens", async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000); // six sign-ins and a dozen pages in two browsers
    const admin = await withDb((db) => insertAdmin(db));
    const desk = await newPage(browser);
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    });
    const signedIn = async (page: Page) => {
      await page.goto("/admin/dashboard");
      return new URL(page.url()).pathname === "/admin/dashboard";
    };
    try {
      const phonePage = await phone.newPage();
      await signIn(desk, admin.email, admin.password);
      await signIn(phonePage, admin.email, admin.password);
      const tokenOf = async () => (await (await request.post("/api/admin/login", { data: { email: admin.email, password: admin.password } })).json()).token as string;
      const token = await tokenOf();
      const verify = async (bearer: string) => (await request.get("/api/admin/verify-token", { headers: { authorization: `Bearer ${bearer}` } })).status();

      // Logout on the desk leaves the phone signed in.
      await desk.getByRole("navigation", { name: "Admin" }).getByRole("button", { name: "Logout" }).click();
      await expect(desk).toHaveURL(/\/admin\/login$/);
      expect(await signedIn(phonePage)).toBe(true);
      expect(await verify(token)).toBe(200);

      // The desk signs in again; the phone's Sessions screen lists both browsers and the token, and ends the desk's.
      await signIn(desk, admin.email, admin.password);
      await phonePage.goto("/admin/sessions");
      await expect(phonePage.getByRole("heading", { level: 1, name: "Sessions" })).toBeVisible();
      const rows = phonePage.getByTestId("session-row");
      await expect(rows).toHaveCount(3);
      await expect(phonePage.locator('[data-testid="session-row"][data-current]')).toContainText("Safari 18 on iOS");
      await expect(phonePage.locator('[data-testid="session-row"][data-kind="api"]')).toContainText("API token");
      const deskRow = phonePage.locator('[data-testid="session-row"][data-kind="browser"]:not([data-current])');
      await deskRow.getByRole("button", { name: /^End the session of / }).click();
      await phonePage.getByRole("alertdialog").getByRole("button", { name: "End Session" }).click();
      await expect(phonePage.getByText("Session ended.")).toBeVisible();
      await expect(rows).toHaveCount(2);
      expect(await signedIn(desk)).toBe(false);
      expect(await signedIn(phonePage)).toBe(true);
      expect(await verify(token)).toBe(200);

      // The desk signs in again; the phone ends the session it is using from the list: it is signed out, the desk is not.
      await signIn(desk, admin.email, admin.password);
      await phonePage.goto("/admin/sessions");
      await phonePage
        .locator('[data-testid="session-row"][data-current]')
        .getByRole("button", { name: /^End the session of / })
        .click();
      await phonePage.getByRole("alertdialog", { name: "End the session you are using?" }).getByRole("button", { name: "End Session" }).click();
      await expect(phonePage).toHaveURL(/\/admin\/login$/);
      expect(await signedIn(phonePage)).toBe(false);
      expect(await signedIn(desk)).toBe(true);

      // Sign Out Everywhere from the desk: the desk and every token end.
      await signIn(phonePage, admin.email, admin.password);
      const second = await tokenOf();
      await desk.goto("/admin/sessions");
      await desk.getByRole("button", { name: "Sign Out Everywhere" }).click();
      await desk.getByRole("alertdialog").getByRole("button", { name: "Sign Out Everywhere" }).click();
      await expect(desk).toHaveURL(/\/admin\/login$/);
      expect(await signedIn(desk)).toBe(false);
      expect(await signedIn(phonePage)).toBe(false);
      expect([await verify(token), await verify(second)]).toEqual([401, 401]);
      // The activity log names who ended what.
      const audit = await withDb((db) => db.query<{ action: string }>(`SELECT action FROM "AuditLog" WHERE "adminUserId" = $1 AND "entityType" = 'session' ORDER BY id`, [admin.id]));
      expect(audit.rows.map((r) => r.action)).toEqual(["end", "end", "end_all"]);
    } finally {
      await desk.context().close();
      await phone.close();
      await withDb((db) => db.query(`DELETE FROM "AdminUser" WHERE id = $1`, [admin.id]));
    }
  });

  test("the sidebar links every section, the store and logout; logging out ends the session, even a copied cookie", async ({ page, browser }) => {
    // This test signs in as its own admin (other tests run in parallel as the seeded one).
    const admin = await withDb((db) => insertAdmin(db));
    await signIn(page, admin.email, admin.password);
    const nav = page.getByRole("navigation", { name: "Admin" });
    for (const [label, href] of [
      ["Dashboard", "/admin/dashboard"],
      ["Products", "/admin/products"],
      ["Orders", "/admin/orders"],
      ["Categories", "/admin/categories"],
      ["Customers", "/admin/customers"],
      ["Reviews", "/admin/reviews"],
      ["Users", "/admin/users"],
      ["Sessions", "/admin/sessions"],
      ["Activity", "/admin/activity"],
      ["View Store", "/"],
    ]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
    await expect(nav.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("banner")).toHaveCount(0); // no storefront header

    const sessionCookie = (await page.context().cookies()).find((c) => c.name.endsWith("next-auth.session-token"));
    expect(sessionCookie).toBeDefined();

    await nav.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login$/);

    // The cookie value copied before signing out no longer opens anything.
    const context = await browser.newContext();
    try {
      await context.addCookies([sessionCookie!]);
      const stale = await context.newPage();
      await stale.goto("/admin/dashboard");
      await expect(stale).toHaveURL(/\/admin\/login$/);
      const api = await stale.request.get("/api/admin/verify-token");
      expect(api.status()).toBe(401);
      expect(await api.json()).toMatchObject({ message: "Authentication required" });
    } finally {
      await context.close();
      await withDb((db) => db.query(`DELETE FROM "AdminUser" WHERE id = $1`, [admin.id]));
    }
  });

  test("the dashboard shows the four totals, the revenue chart and the recent orders", async ({ page }) => {
    const seeded = await withDb((db) => insertOrder(db, unique(), "test"));
    try {
      await signIn(page);
      for (const label of ["Total Revenue", "Orders", "Products", "Customers"]) {
        await expect(page.getByRole("region", { name: "Shop totals" }).getByText(label, { exact: true })).toBeVisible();
      }
      await expect(page.getByRole("img", { name: /Revenue per day, last 30 days/ })).toBeVisible();
      await expect(page.getByRole("table", { name: /Revenue per day/ }).getByRole("row")).toHaveCount(31);

      const recent = page.getByRole("region", { name: "Recent Orders" });
      const rows = recent.getByTestId("recent-order-row");
      await expect(rows.first()).toBeVisible();
      expect(await rows.count()).toBeLessThanOrEqual(5);
      const row = rows.filter({ hasText: seeded.orderNumber });
      await expect(row).toBeVisible();
      await expect(row.getByText("Test payment", { exact: true })).toBeVisible(); // paid with the test card form
      await row.getByRole("button", { name: `View order ${seeded.orderNumber}` }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByText("Test payment", { exact: true })).toBeVisible();
      await expect(dialog.getByRole("cell", { name: "E2E Walnut Coaster Set" })).toBeVisible();
      await expect(dialog.getByText(`pi_e2e_`)).toBeVisible();
      // The statement shows it as the total and again as what the card paid.
      await expect(dialog.getByText("$57.99").first()).toBeVisible();
    } finally {
      await withDb((db) => removeOrder(db, seeded));
    }
  });
});

test.describe("orders", () => {
  test("filter by status, change a status inline, view and delete an order", async ({ page }) => {
    const seeded = await withDb((db) => insertOrder(db));
    try {
      await signIn(page);
      await page.goto("/admin/orders");
      const row = page.locator(`[data-testid="order-row"][data-order-number="${seeded.orderNumber}"]`);
      await expect(row).toBeVisible();

      await row.getByRole("combobox", { name: `Status of order ${seeded.orderNumber}` }).selectOption({ label: "Shipped" });
      // marking shipped asks for the carrier and tracking number (tests/e2e/after-sale.spec.ts covers the email)
      const ship = page.getByRole("dialog", { name: "Mark order shipped" });
      await ship.getByLabel("Tracking number").fill("9400 1000 0000 0000 0000 00");
      await ship.getByRole("button", { name: "Mark shipped" }).click();
      await expect(toast(page, "Order status updated")).toBeVisible();
      await expect.poll(() => withDb(async (db) => (await db.query(`SELECT status FROM "Order" WHERE id = $1`, [seeded.orderId])).rows[0]?.status)).toBe("shipped");

      await page.getByLabel("Filter by status").selectOption({ label: "Shipped" });
      await expect(page).toHaveURL(/\/admin\/orders\?status=shipped$/);
      await expect(row).toBeVisible();
      await expect(row.getByRole("combobox")).toHaveValue("shipped");
      await page.goto("/admin/orders?status=delivered");
      await expect(page.getByTestId("order-row").filter({ hasText: seeded.orderNumber })).toHaveCount(0);
      await page.goto("/admin/orders?status=shipped");

      await row.getByRole("button", { name: `View order ${seeded.orderNumber}` }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("cell", { name: "E2E Walnut Coaster Set" })).toBeVisible();
      await expect(dialog.getByText("Shipping address")).toBeVisible();
      await expect(dialog.getByText("Billing address")).toBeVisible();
      for (const label of ["Subtotal", "Tax", "Total"]) await expect(dialog.getByText(label, { exact: true }).first()).toBeVisible();
      await expect(dialog.getByText(`pi_e2e_`)).toBeVisible();
      await page.keyboard.press("Escape");

      // A paid order moved money: "delete" archives it, out of the list and under the "Archived" filter.
      await row.getByRole("button", { name: `Delete order ${seeded.orderNumber}` }).click();
      const confirm = page.getByRole("alertdialog", { name: "Archive this order?" });
      await expect(confirm).toContainText("moved money, so it is archived, not deleted");
      await confirm.getByRole("button", { name: "Archive Order" }).click();
      await expect(toast(page, "Order archived")).toBeVisible();
      await expect(row).toHaveCount(0);
      await page.getByLabel("Filter by status").selectOption({ label: "Archived" });
      await expect(page).toHaveURL(/\/admin\/orders\?status=archived$/);
      await expect(row.getByTestId("archived-badge")).toBeVisible();
      await expect(row.getByRole("combobox")).toHaveCount(0);
      await expect(row.getByRole("button", { name: `Delete order ${seeded.orderNumber}` })).toHaveCount(0);
      expect((await withDb((db) => db.query(`SELECT "archivedAt" FROM "Order" WHERE id = $1`, [seeded.orderId]))).rows[0].archivedAt).not.toBeNull();
    } finally {
      await withDb((db) => removeOrder(db, seeded));
    }
  });
});

test.describe("customers", () => {
  test("a customer with orders cannot be deleted; one without can be edited and deleted", async ({ page }) => {
    const tag = unique();
    const withOrders = await withDb((db) => insertOrder(db, tag));
    const loneEmail = `e2e-lone-${tag}@example.com`;
    await withDb((db) => db.query(`INSERT INTO "Customer" (email, "firstName", "lastName", "updatedAt") VALUES ($1, 'Lonely', 'Reader', now())`, [loneEmail]));
    try {
      await signIn(page);
      await page.goto("/admin/customers");
      for (const label of ["Total Customers", "Newsletter Subscribers", "Joined This Month"]) await expect(page.getByText(label, { exact: true })).toBeVisible();

      const buyer = page.locator(`[data-testid="customer-row"][data-email="${withOrders.email}"]`);
      await buyer.getByRole("button", { name: "Delete Edith Buyer" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Delete this customer?" });
      await expect(confirm.getByText("Customers who have orders cannot be deleted.")).toBeVisible();
      await confirm.getByRole("button", { name: "Delete Customer" }).click();
      await expect(toast(page, "Deletion Failed")).toBeVisible();
      await expect(toast(page, "This customer has orders and cannot be deleted.")).toBeVisible();
      await expect(buyer).toBeVisible();

      const lone = page.locator(`[data-testid="customer-row"][data-email="${loneEmail}"]`);
      await lone.getByRole("button", { name: "Edit Lonely Reader" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit Customer" });
      await expect(dialog.getByLabel("Email")).toHaveValue(loneEmail);
      await expect(dialog.getByLabel("Email")).toHaveAttribute("readonly", "");
      await dialog.getByLabel("First name").fill("Avid");
      await dialog.getByLabel("Subscribed to the newsletter").check();
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(toast(page, "Customer Updated")).toBeVisible();
      await expect(lone).toContainText("Avid Reader");
      await expect(lone).toContainText("Subscribed");

      await lone.getByRole("button", { name: "Delete Avid Reader" }).click();
      await page.getByRole("alertdialog", { name: "Delete this customer?" }).getByRole("button", { name: "Delete Customer" }).click();
      await expect(toast(page, "Customer Deleted")).toBeVisible();
      await expect(lone).toHaveCount(0);
    } finally {
      await withDb(async (db) => {
        await removeOrder(db, withOrders);
        await db.query(`DELETE FROM "Customer" WHERE email = $1`, [loneEmail]);
      });
    }
  });
});

test.describe("users and password reset", () => {
  test("create an admin, reset its password from the emailed link, sign in with it, then delete it", async ({ page, browser }) => {
    // Two sign-ins through the form (each an argon2 check) and an emailed link: past 45 s on a loaded 2-core machine.
    test.slow();
    const tag = unique();
    const username = `e2e-admin-${tag}`;
    const email = `e2e-admin-${tag}@example.com`;
    const newPassword = `new-pass-${tag}`;

    await signIn(page);
    await page.goto("/admin/users");
    await page.getByRole("button", { name: "Add User" }).click();
    const dialog = page.getByRole("dialog", { name: "Add User" });
    await dialog.getByLabel("Username").fill(username);
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill("first-pass-1");
    await dialog.getByLabel("Confirm password").fill("first-pass-2");
    await dialog.getByRole("button", { name: "Create User" }).click();
    await expect(dialog.getByText("Passwords do not match")).toBeVisible();
    await dialog.getByLabel("Confirm password").fill("first-pass-1");
    await dialog.getByRole("button", { name: "Create User" }).click();
    await expect(toast(page, "User created successfully.")).toBeVisible();
    const row = page.locator(`[data-testid="user-row"][data-email="${email}"]`);
    await expect(row).toContainText(username);

    try {
      // Forgot password, as the new admin, in a fresh browser.
      const other = await newPage(browser);
      await other.goto("/admin/login");
      await other.getByRole("button", { name: "Forgot your password?" }).click();
      await other.getByLabel("Email").fill(email);
      await other.getByRole("button", { name: "Send Reset Link" }).click();
      await expect(toast(other, "Password Reset Sent")).toBeVisible();

      let link = "";
      await expect.poll(async () => (link = await readResetLink(email)), { timeout: 15_000 }).not.toBe("");

      await other.goto(link);
      await other.getByLabel("New password", { exact: true }).fill(newPassword);
      await other.getByLabel("Confirm new password").fill(newPassword);
      await other.getByRole("button", { name: "Reset Password" }).click();
      await expect(toast(other, "Password Reset Successful")).toBeVisible();
      await other.getByRole("link", { name: "Go to Login" }).click();
      await expect(other).toHaveURL(/\/admin\/login$/);
      await signIn(other, email, newPassword);
      await other.context().close();
    } finally {
      await page.goto("/admin/users");
      await row.getByRole("button", { name: `Delete ${username}` }).click();
      await page.getByRole("alertdialog", { name: "Delete this admin user?" }).getByRole("button", { name: "Delete User" }).click();
      await expect(toast(page, "User deleted successfully.")).toBeVisible();
      await expect(row).toHaveCount(0);
    }
  });

  test("an admin cannot delete their own account", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/users");
    const me = page.locator(`[data-testid="user-row"][data-email="${ADMIN_EMAIL}"]`);
    await expect(me.getByText("You", { exact: true })).toBeVisible();
    await me.getByRole("button", { name: /^Delete / }).click();
    await page.getByRole("alertdialog", { name: "Delete this admin user?" }).getByRole("button", { name: "Delete User" }).click();
    await expect(toast(page, /You cannot delete (your own account|the last admin)\./)).toBeVisible();
    await expect(me).toBeVisible();
  });
});

test.describe("phone width", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu slides in and the screens do not scroll sideways", async ({ page }) => {
    await signIn(page);
    await page.getByRole("button", { name: "Open admin menu" }).click();
    const menu = page.getByRole("dialog", { name: "Admin menu" });
    await menu.getByRole("link", { name: "Orders", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await expect(menu).toBeHidden();
    for (const path of ["/admin/dashboard", "/admin/orders", "/admin/customers", "/admin/users"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });

  test("an order's view dialog fits the phone: the items table scrolls in its own box, the totals stay in view", async ({ page }) => {
    const seeded = await withDb((db) => insertOrder(db, unique(), "test"));
    try {
      await signIn(page);
      await page.goto("/admin/orders");
      await page
        .getByRole("button", { name: `View order ${seeded.orderNumber}` })
        .first()
        .click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByText("Timeline")).toBeVisible();
      // A grid column sized to the items table's content pushed the totals and badges past the dialog's edge.
      const sideways = await dialog.evaluate((d) => d.scrollWidth - d.clientWidth);
      expect(sideways).toBeLessThanOrEqual(0);
      const total = dialog.getByText("$57.99").last();
      const box = (await total.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      // The table is wider than the dialog: its scroll box is reachable with Tab, so a keyboard can scroll it.
      const items = dialog.getByRole("group", { name: "Order items" });
      expect(await items.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      let reached = false;
      for (let i = 0; i < 15 && !reached; i++) {
        await page.keyboard.press("Tab");
        reached = await items.evaluate((el) => el === document.activeElement);
      }
      expect(reached).toBe(true);
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => items.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    } finally {
      await withDb((db) => removeOrder(db, seeded));
    }
  });
});
