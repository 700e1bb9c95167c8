import { test, expect, type APIRequestContext } from "./test";

/**
 * Security as a visitor's browser and an attacker see it, on the production
 * build: the headers of every kind of response, pages that load their
 * Stripe/video/map frames under the CSP, and a sign-in throttle that a
 * forged X-Forwarded-For cannot get around.
 */

async function firstProductWithVideo(request: APIRequestContext) {
  const res = await request.get("/api/products?limit=100");
  const { products } = (await res.json()) as { products: Array<{ slug: string; videoUrl: string | null }> };
  return products.find((p) => p.videoUrl && /youtu/.test(p.videoUrl))!;
}

test.describe("security headers", () => {
  test("every kind of response carries them; cached pages stay cacheable", async ({ request }) => {
    const product = await firstProductWithVideo(request);
    const home = await request.get("/");
    const script = /<script src="(\/_next\/static\/[^"]+\.js)"/.exec(await home.text())?.[1];
    expect(script, "a static script on the home page").toBeTruthy();
    const routes = ["/", "/shop", `/product/${product.slug}`, "/contact", "/api/products", "/api/health", "/admin/login", script!, "/no-such-page"];
    const counts: Record<string, number> = {};
    for (const path of routes) {
      const res = await request.get(path, { maxRedirects: 0 });
      const h = res.headers();
      const csp = h["content-security-policy"] ?? "";
      for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) expect(csp, `${path}: ${directive}`).toContain(directive);
      expect(csp, path).not.toContain("nonce-");
      expect(h["x-frame-options"], path).toBe("DENY");
      expect(h["x-content-type-options"], path).toBe("nosniff");
      expect(h["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(h["permissions-policy"], path).toContain("camera=()");
      expect(h["strict-transport-security"], `${path}: no HSTS on an http SITE_URL`).toBeUndefined();
      counts[path] = Object.keys(h).filter((k) =>
        ["content-security-policy", "x-frame-options", "x-content-type-options", "referrer-policy", "permissions-policy", "cross-origin-opener-policy"].includes(k),
      ).length;
    }
    expect(Object.values(counts).every((n) => n === 6)).toBe(true);
    // a catalogue page is still served from the cache (no per-request nonce made it dynamic)
    await request.get("/");
    const again = await request.get("/");
    expect(again.headers()["x-nextjs-cache"] ?? again.headers()["cache-control"]).toMatch(/HIT|STALE|s-maxage/);
  });
});

test.describe("pages under the CSP (the fixture fails a test on any violation)", () => {
  test("home, shop, a product with its video player, the gallery, the contact map and the admin sign-in", async ({ page, request }) => {
    for (const path of ["/", "/shop", "/gallery", "/my-story", "/admin/login"]) {
      await page.goto(path);
      await expect(page.locator("main").first()).toBeVisible();
    }
    const product = await firstProductWithVideo(request);
    await page.goto(`/product/${product.slug}`);
    await page.getByRole("button", { name: "Play video" }).click();
    await expect(page.locator('iframe[title="Product video"]')).toHaveAttribute("src", /youtube-nocookie\.com/);
    await page.goto("/contact");
    const map = page.locator("iframe[title^='Map showing']");
    await map.scrollIntoViewIfNeeded();
    await expect(map).toBeVisible();
    await page.waitForLoadState("networkidle");
  });

  test("a page cannot be framed by another site", async ({ page, baseURL, cspViolations }) => {
    await page.setContent(`<iframe id="f" src="${baseURL}/admin/login"></iframe>`);
    await expect.poll(() => cspViolations.some((v) => /frame-ancestors/.test(v)), { timeout: 10_000 }).toBe(true);
    const framed = page.frames().find((f) => f !== page.mainFrame());
    expect(
      (await framed
        ?.locator("form")
        .count()
        .catch(() => 0)) ?? 0,
    ).toBe(0);
    cspViolations.length = 0; // the one violation this test is about
  });
});

test.describe("client address", () => {
  test("a forged X-Forwarded-For does not escape the sign-in throttle", async ({ playwright, baseURL }) => {
    // Over IPv6 loopback, so this client's failures do not count against the other tests' 127.0.0.1.
    const v6 = baseURL!.replace("127.0.0.1", "[::1]");
    const api = await playwright.request.newContext({ baseURL: v6 });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await api.post("/api/admin/login", {
        data: { email: "nobody-in-particular@example.com", password: `guess-${i}` },
        headers: { "x-forwarded-for": `198.51.100.${i + 1}`, "x-mm-peer": `forged 198.51.100.${i + 1}` },
      });
      statuses.push(res.status());
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    await api.dispose();
  });
});
