/**
 * `npm start` with HOSTNAME set to a loopback address, as Docker and many
 * hosts set it: the listing pages the request guard rewrites to their cached
 * route (proxy.ts) must still render. They answered 404 when Next built its
 * internal URLs from HOSTNAME=127.0.0.1 while the guard's rewrite said
 * "localhost" (server/front-server.mjs).
 */
import { useEmbeddedShop } from "../../helpers/instances";

const shop = useEmbeddedShop("hostname", 10, { HOSTNAME: "127.0.0.1" });

async function get(pathname: string, host?: string) {
  const res = await fetch(`${shop().url}${pathname}`, { redirect: "manual", headers: host ? { host } : {} });
  return { pathname, status: res.status, location: res.headers.get("location"), html: await res.text() };
}

describe("npm start with HOSTNAME=127.0.0.1", () => {
  it("serves the shop, a category, a sorted page and a repeated search from their cached routes", async () => {
    const category = (await (await fetch(`${shop().url}/api/categories`)).json()) as Array<{ slug: string; name: string }>;
    const pages = ["/shop", `/shop/${category[0].slug}`, "/shop?sort=price-low", "/shop?search=walnut", "/shop?search=walnut"];
    for (const p of pages) {
      const r = await get(p);
      expect({ pathname: r.pathname, status: r.status }).toEqual({ pathname: p, status: 200 });
      expect(r.html).not.toMatch(/<title>[^<]*404/);
    }
    expect((await get("/shop")).html).toContain("<title>All Products | Maple &amp; Micron</title>");
    expect((await get(`/shop/${category[0].slug}`)).html).toContain(`<h1 class="mt-1 font-serif text-3xl font-semibold sm:text-4xl">${category[0].name}</h1>`);
  }, 120_000);

  it("answers the same whatever Host the client sends", async () => {
    for (const host of [`localhost:${shop().port}`, `example.com`]) {
      const r = await get("/shop", host);
      expect({ host, status: r.status }).toEqual({ host, status: 200 });
    }
  }, 60_000);

  it("still keeps the internal cached route private and sends /admin pages to the sign-in page with a same-site redirect", async () => {
    expect((await get("/listing/_all/featured/1")).status).toBe(404);
    const admin = await get("/admin/orders");
    expect(admin.status).toBe(307);
    expect(admin.location).toBe("/admin/login");
  }, 60_000);
});
