import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { APIRequestContext } from "@playwright/test";
import { expect, type Page } from "./test";
import { axeReport, seedOrder, signIn } from "./a11y-helpers";
import { queryE2eDb } from "./e2e-env";

/**
 * Every admin screen, read from the app/admin folder: each `page.tsx` is one
 * address (route groups such as `(panel)` dropped), so a new screen is in the
 * list the moment its page exists. A screen whose address has a dynamic
 * segment (`[id]`) needs a row to show: `DYNAMIC` says how to make one, and a
 * dynamic screen missing there fails the test that walks the list.
 */
const ADMIN_DIR = fileURLToPath(new URL("../../app/admin/", import.meta.url));

/** The folder's page routes, e.g. "/admin/(panel)/commissions/[id]" → "/admin/commissions/[id]". */
export function adminRoutes(): string[] {
  const routes: string[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        // Private folders (_x) are not routes; a group (x) adds no segment.
        if (entry.name.startsWith("_")) continue;
        walk(`${dir}/${entry.name}`, /^\(.*\)$/.test(entry.name) ? segments : [...segments, entry.name]);
      } else if (/^page\.(tsx|ts|jsx|js|mdx)$/.test(entry.name)) {
        routes.push(["/admin", ...segments].join("/"));
      }
    }
  };
  walk(ADMIN_DIR, []);
  return routes.sort();
}

/** Screens a signed-out admin sees (the rest redirect to the login). */
export const SIGNED_OUT = new Set(["/admin", "/admin/login", "/admin/reset-password"]);

type Resolve = (ctx: { request: APIRequestContext; tag: string }) => Promise<string>;

/** How to reach each dynamic screen: a real row made for it, the address with its id. */
const DYNAMIC: Record<string, Resolve> = {
  "/admin/commissions/[id]": async ({ request, tag }) => {
    const asked = await request.post("/api/commissions", {
      data: { name: "Ada Axe", email: `axe-${tag}@example.com`, description: "A walnut serving board, 18 inches long, with a juice groove.", budget: "150_300" },
      headers: { "x-forwarded-for": `203.0.113.${Math.floor(Math.random() * 200) + 20}` },
    });
    expect(asked.status()).toBe(201);
    const { reference } = await asked.json();
    const [{ id }] = await queryE2eDb<{ id: number }>(`SELECT id FROM "Commission" WHERE reference = $1`, [reference]);
    return `/admin/commissions/${id}`;
  },
  "/admin/orders/[id]/packing-slip": async ({ tag }) => {
    const { orderNumber } = await seedOrder(`slip-${tag}`, { status: "confirmed" });
    const [{ id }] = await queryE2eDb<{ id: number }>(`SELECT id FROM "Order" WHERE "orderNumber" = $1`, [orderNumber]);
    return `/admin/orders/${id}/packing-slip`;
  },
};

/** Each admin route with the address to open: dynamic ones through DYNAMIC (a route missing there fails here). */
export async function adminAddresses(request: APIRequestContext, tag: string): Promise<Array<{ route: string; address: string }>> {
  const routes = adminRoutes();
  const unresolved = routes.filter((r) => r.includes("[") && !DYNAMIC[r]);
  expect(unresolved, "dynamic admin screens with no way to open them: add them to DYNAMIC in tests/e2e/admin-routes.ts").toEqual([]);
  const out: Array<{ route: string; address: string }> = [];
  for (const route of routes) out.push({ route, address: DYNAMIC[route] ? await DYNAMIC[route]({ request, tag }) : route });
  return out;
}

/** The screen has rendered what it shows (client parts render after the first paint; axe should see them). */
async function settled(page: Page) {
  await expect(page.getByRole("main").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
}

/**
 * Boxes that scroll a table sideways but cannot take focus. axe flags such a box only when
 * nothing inside it is focusable (an empty list: "No discount codes yet."), so a screen checked
 * with rows present passes it; this asks of every table's scroll box, whatever the rows.
 */
async function unreachableTableScrollers(page: Page): Promise<string[]> {
  return page.locator("table").evaluateAll((tables) =>
    tables.flatMap((table) => {
      for (let el = table.parentElement; el && el !== document.body; el = el.parentElement) {
        const { overflowX } = getComputedStyle(el);
        if (overflowX !== "auto" && overflowX !== "scroll") continue;
        if (el.tabIndex >= 0) return [];
        const name = table.querySelector("caption")?.textContent?.trim() || table.getAttribute("aria-label") || table.dataset.testid || "a table";
        return [`the box that scrolls "${name}" sideways cannot be focused (keyboard users cannot scroll it): tabIndex=0 and a name, as AdminTable does`];
      }
      return [];
    }),
  );
}

/**
 * axe (WCAG 2.2 AA) on every admin screen at the page's viewport (the project's: 1280 px
 * on desktop, 390 px on the phone), signed out for the login screens and signed in for the
 * rest, with orders present; each screen is reported on its own (soft), so one run names
 * everything to fix. On the same loads: no console error and no page error (a React hydration
 * error #418 on the dashboard was one) — axe runs after hydration has had its time to report.
 */
export async function axeEveryAdminScreen(page: Page, request: APIRequestContext) {
  const width = page.viewportSize()?.width ?? 0;
  const tag = `${width}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await seedOrder(`screens-${tag}`, { status: "shipped", disputed: true });
  await seedOrder(`screens-c-${tag}`, { status: "confirmed" });
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`${page.url()}: console: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`${page.url()}: page error: ${e.message}`));
  const screens = await adminAddresses(request, tag);
  expect(screens.map((s) => s.route)).toEqual(expect.arrayContaining(["/admin/login", "/admin/dashboard", "/admin/discounts", "/admin/commissions/[id]"]));
  const check = async (address: string) => {
    await page.goto(address);
    await settled(page);
    expect.soft(await axeReport(page), `axe violations on ${address} at ${width} px`).toEqual([]);
    expect.soft(await unreachableTableScrollers(page), `table scroll boxes on ${address} at ${width} px`).toEqual([]);
  };
  for (const { address } of screens.filter((s) => SIGNED_OUT.has(s.route))) await check(address);
  await signIn(page);
  for (const { route, address } of screens) if (!SIGNED_OUT.has(route)) await check(address);
  expect.soft(errors, `console or page errors on the admin screens at ${width} px`).toEqual([]);
  return screens;
}
