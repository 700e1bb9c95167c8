import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { test, expect, type Page } from "./test";
import { expectNoAxeViolations } from "./a11y-helpers";
import { E2E_DB_PORT, e2eDatabaseUrl } from "./e2e-env";

/**
 * A search page a busy shop answers with its results shell (lib/catalog/listing-url.mjs
 * searchShellTarget), whose results the browser loads from GET /api/products
 * (components/catalog/deferred-search.tsx). A second production server on the same
 * build answers every search page so (SEARCH_RENDERS_AT_ONCE=0): what a shopper sees
 * there is what any shopper sees while the shop is busy — the same results, count,
 * badge, title, "Did you mean", pagination, empty state and keyboard search as the
 * rendered page, axe-clean at 1280 and 390 px; and, without JavaScript, a way on.
 */

const port = Number(process.env.E2E_PORT ?? 3100) + 7;
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    SEARCH_RENDERS_AT_ONCE: "0",
    ADMIN_EMAIL: process.env.ADMIN_EMAIL ?? "admin@example.com",
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? "correct-horse-battery",
    RATE_LIMIT_SCALE: "100",
    PAYMENT_PROVIDER: "test",
    DEV_MAILBOX_DIR: ".data/e2e-shell-mailbox",
  };
  if (process.env.TEST_DATABASE_URL) {
    // The e2e server's database (tests/e2e/start-server.ts), only read here.
    env.DATABASE_URL = e2eDatabaseUrl();
  } else {
    rmSync(".data/e2e-shell-pglite", { recursive: true, force: true });
    delete env.DATABASE_URL;
    env.EMBEDDED_DB_DIR = ".data/e2e-shell-pglite";
    env.EMBEDDED_DB_PORT = String(E2E_DB_PORT + 7);
  }
  server = spawn("npx", ["tsx", "scripts/serve.ts", "start"], { env, stdio: "ignore", detached: true });
  const started = Date.now();
  while (Date.now() - started < 170_000) {
    const ready = await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the results-shell server on ${base} did not start`);
});

test.afterAll(() => {
  if (server?.pid) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {}
  }
});

type Found = { products: Array<{ slug: string; name: string }>; total: number; didYouMean?: string };
const api = async (query: string): Promise<Found> => (await fetch(`${base}/api/products?${query}`)).json();
const main = (page: Page) => page.getByRole("main");
const gridSlugs = (page: Page) =>
  main(page)
    .getByTestId("product-card")
    .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-slug")));

/** Opens a search page and checks it came as the results shell (a never-seen term: one searched before is a cached page). */
async function openShell(page: Page, path: string) {
  const response = await page.goto(base + path);
  expect(await response!.text()).toContain("data-search-shell");
}

test("a shelled search shows its results, count, badge and title, the same as GET /api/products, and axe finds nothing", async ({ page }) => {
  const found = await api("search=walnut&limit=12");
  expect(found.total).toBeGreaterThan(0);
  await openShell(page, "/shop?search=walnut");
  await expect(main(page).getByTestId("product-count")).toHaveText(`${found.total} ${found.total === 1 ? "product" : "products"}`);
  await expect.poll(() => gridSlugs(page)).toEqual(found.products.map((p) => p.slug));
  await expect(main(page).getByTestId("search-badge")).toContainText('Search: "walnut"');
  await expect(page).toHaveTitle('Search: "walnut" | Maple & Micron');
  await expect(main(page).getByRole("searchbox", { name: "Search products" })).toHaveValue("walnut");
  await expectNoAxeViolations(page, "a search's results shell");
});

test("a typo offers the corrected search; a later page, the empty state and the search box work as on the rendered page", async ({ page }) => {
  await openShell(page, "/shop?search=walnot");
  const suggestion = main(page).getByTestId("did-you-mean").getByRole("link", { name: "walnut" });
  await expect(suggestion).toBeVisible();
  await suggestion.click();
  await expect(page).toHaveURL(`${base}/shop?search=walnut`);
  await expect(main(page).getByTestId("search-badge")).toContainText('Search: "walnut"');

  // A term with more than one page: the next page's cards are the API's next twelve.
  const wide = (await Promise.all(["wood", "maple", "jig", "a"].map(async (term) => ({ term, found: await api(`search=${term}&limit=12`) })))).find((c) => c.found.total > 12)!;
  await openShell(page, `/shop?search=${wide.term}`);
  await expect.poll(() => gridSlugs(page)).toEqual(wide.found.products.map((p) => p.slug));
  await main(page).getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(`${base}/shop?search=${wide.term}&page=2`);
  const second = await api(`search=${wide.term}&limit=12&offset=12`);
  await expect.poll(() => gridSlugs(page)).toEqual(second.products.map((p) => p.slug));

  // Nothing found, then a new term typed in the listing's own search box.
  await openShell(page, "/shop?search=qqqxzzv");
  await expect(main(page).getByRole("heading", { name: "No Products Found" })).toBeVisible();
  const box = main(page).getByRole("searchbox", { name: "Search products" });
  await box.fill("bowl");
  await box.press("Enter");
  await expect(page).toHaveURL(`${base}/shop?search=bowl`);
  const bowls = await api("search=bowl&limit=12");
  await expect.poll(() => gridSlugs(page)).toEqual(bowls.products.map((p) => p.slug));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the shell says why there are no results yet and offers the whole shop", async ({ page }) => {
    // A term not searched before (a repeated one is a cached page, never the shell).
    await openShell(page, `/shop?search=walnut+${Date.now().toString(36)}`);
    await expect(main(page).getByTestId("shell-noscript")).toContainText("these results need JavaScript");
    await main(page).getByRole("link", { name: "browse all products" }).click();
    await expect(page).toHaveURL(`${base}/shop`);
    await expect(main(page).getByTestId("product-card").first()).toBeVisible();
  });
});
