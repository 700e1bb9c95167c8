/**
 * The results shell (lib/catalog/listing-url.mjs searchShellTarget): a
 * search page `npm start` answers without rendering it, when the search
 * would wait for another's render — here always (SEARCH_RENDERS_AT_ONCE=0).
 * What a shopper, a crawler and an attacker get: one cached page for every
 * term, in the search's category, never indexed, with the listing's heading,
 * a "Searching…" status and, without JavaScript, a way on; the results come
 * from GET /api/products, the search the rendered page runs. Against a
 * production server on the embedded database.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { computeCacheBustingSearchParam } from "next/dist/shared/lib/router/utils/cache-busting-search-param";
import { useEmbeddedShop } from "../../helpers/instances";

const shop = useEmbeddedShop("shell", 16, { SEARCH_RENDERS_AT_ONCE: "0" });

async function get(pathname: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${shop().url}${pathname}`, { redirect: "manual", headers });
  const body = await res.text();
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    cache: res.headers.get("x-nextjs-cache"),
    location: res.headers.get("location"),
    body,
    shell: body.includes("data-search-shell"),
    title: /<title>([^<]*)<\/title>/.exec(body)?.[1] ?? null,
    h1: /<h1[^>]*>([^<]*)<\/h1>/.exec(body)?.[1] ?? null,
    robots: /<meta name="robots" content="([^"]*)"/.exec(body)?.[1] ?? null,
    cards: body.split('data-testid="product-card"').length - 1,
  };
}

describe("the results shell", () => {
  it("answers every never-seen search page with one cached page: no results in it, never indexed, the same bytes for any term", async () => {
    const id = randomBytes(3).toString("hex");
    const first = await get(`/shop?search=walnut+bowl${id}`);
    const other = await get(`/shop?search=${encodeURIComponent(`maple tray ${id}`)}&sort=price-low&page=3`);
    const third = await get(`/shop?search=jig${id}`);
    expect({ status: first.status, shell: first.shell, cards: first.cards, title: first.title, h1: first.h1, robots: first.robots }).toEqual({
      status: 200,
      shell: true,
      cards: 0,
      title: "Search | Maple &amp; Micron",
      h1: "All Products",
      robots: "noindex, follow",
    });
    expect(first.body).toContain('role="status"');
    expect(first.body).toContain("Searching…");
    // Without JavaScript: where to go instead.
    expect(first.body).toMatch(/<noscript>[\s\S]*these results need JavaScript[\s\S]*href="\/shop"/);
    // Nothing of the term in it: the browser reads it from the address.
    for (const page of [first, other]) expect(page.body).not.toContain(id);
    expect({ other: other.shell, third: third.shell, thirdCache: third.cache }).toEqual({ other: true, third: true, thirdCache: "HIT" });
  }, 60_000);

  it("is the search's category page: a category search shows that category's heading; a category nobody created is a 404", async () => {
    const categories = (await (await fetch(`${shop().url}/api/categories`)).json()) as Array<{ slug: string; name: string }>;
    const category = categories[0];
    const page = await get(`/shop/${category.slug}?search=bowl${randomBytes(2).toString("hex")}`);
    expect({ status: page.status, shell: page.shell, h1: page.h1 }).toEqual({ status: 200, shell: true, h1: category.name.replace(/&/g, "&amp;") });
    const missing = await get(`/shop/no-such-category-${randomBytes(2).toString("hex")}?search=bowl`);
    expect({ status: missing.status, shell: missing.shell }).toEqual({ status: 404, shell: false });
  }, 60_000);

  it("loads its results from GET /api/products: the search the page would have shown, typo correction included", async () => {
    const products = (await (await fetch(`${shop().url}/api/products?limit=100`)).json()).products as Array<{ name: string; slug: string }>;
    const bowl = products.find((p) => /walnut/i.test(p.name) && /bowl/i.test(p.name))!;
    const found = await (await fetch(`${shop().url}/api/products?search=walnut+bowl&limit=12`)).json();
    expect(found.products.map((p: { slug: string }) => p.slug)).toContain(bowl.slug);
    const corrected = await (await fetch(`${shop().url}/api/products?search=walnot&limit=12`)).json();
    expect({ didYouMean: corrected.didYouMean, any: corrected.total > 0 }).toEqual({ didYouMean: "walnut", any: true });
  }, 60_000);

  it("answers the router's requests for a search with the shell's RSC payload, and a direct request for the shell with the 404 page", async () => {
    // As the router asks: its state tree in a header, and the cache-busting value Next checks against it.
    const tree = encodeURIComponent(JSON.stringify(["", { children: ["__PAGE__", {}] }, null, null, true]));
    const rsc = await get(`/shop?search=oak${randomBytes(2).toString("hex")}&_rsc=${await computeCacheBustingSearchParam(undefined, undefined, tree, undefined)}`, {
      rsc: "1",
      "next-router-state-tree": tree,
    });
    expect({ status: rsc.status, type: rsc.type, html: /^<!DOCTYPE/i.test(rsc.body) }).toEqual({ status: 200, type: "text/x-component", html: false });
    // The shell's route (/listing/{category}/search), with no product in it.
    expect(rsc.body).toMatch(/"n":"category","t":"d","k":"_all"/);
    expect(rsc.body).toContain('"search"');
    expect(rsc.body).not.toContain('"price":');
    for (const path of ["/listing/_all/search", "/listing/_all/search?search=oak", "/LISTING/_all/search", "/%6Cisting/_all/search"]) {
      const direct = await get(path);
      expect({ path, status: direct.status, shell: direct.shell }).toEqual({ path, status: 404, shell: false });
    }
  }, 60_000);

  it("shows a plain listing (no search) and a product page as before", async () => {
    const listing = await get("/shop");
    expect({ status: listing.status, shell: listing.shell, cards: listing.cards > 0 }).toEqual({ status: 200, shell: false, cards: true });
  }, 60_000);
});

/**
 * When the shell is sent with the default SEARCH_RENDERS_AT_ONCE (1): a search
 * page is rendered whole only by an idle instance. While other shoppers'
 * searches are being answered — here their results requests, as shells make,
 * from another process — a never-seen search page is the shell, even with the
 * render slot free (it was rendered whole then, 13–20 ms of CPU while the
 * crowd waited: 20 of 20 below).
 */
describe("the results shell under a crowd", () => {
  const crowdShop = useEmbeddedShop("crowd", 18);
  const page = async (pathname: string) => (await (await fetch(`${crowdShop().url}${pathname}`)).text()).includes("data-search-shell");

  it("a search alone arrives whole; while others are searching, a never-seen search page is the shell", async () => {
    const id = randomBytes(3).toString("hex");
    const alone = await fetch(`${crowdShop().url}/shop?search=walnut`).then((r) => r.text());
    expect({ shell: alone.includes("data-search-shell"), cards: alone.split('data-testid="product-card"').length - 1 > 0 }).toEqual({ shell: false, cards: true });

    // Six shoppers' results requests, each shopper's one after another, in a process of their own, until stopped.
    const script = `let n = 0; const loop = async (s) => { for (;;) { const r = await fetch(process.argv[1] + "/api/products?limit=12&search=oak+${id}" + s + "x" + n++); if (r.status !== 200) process.exit(1); await r.arrayBuffer(); if (n === 12) console.log("crowding"); } }; for (let s = 0; s < 6; s++) loop(s);`;
    const crowd = spawn(process.execPath, ["-e", script, crowdShop().url], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      await new Promise<void>((resolve, reject) => {
        crowd.stdout.once("data", () => resolve());
        crowd.once("exit", (code) => reject(new Error(`the crowd stopped (${code})`)));
      });
      const shells: boolean[] = [];
      for (let n = 0; n < 20; n++) shells.push(await page(`/shop?search=${encodeURIComponent(`maple tray ${id}${n}`)}`));
      expect(crowd.exitCode).toBe(null); // still searching
      // Most are shells (all but 0–2 of 20 on a quiet machine); on a starved one the crowd's next requests may
      // not have reached the server yet — it is then idle, and renders whole. Never one before: the render slot was free.
      expect(shells.filter((shell) => shell).length).toBeGreaterThan(0);
    } finally {
      crowd.kill();
    }

    // Alone again: whole.
    await new Promise((r) => setTimeout(r, 200));
    expect(await page(`/shop?search=${encodeURIComponent(`cherry box ${id}`)}`)).toBe(false);
  }, 120_000);
});
