/**
 * The local cache handler's rules for search result pages: stored only from
 * the page's second read (its term normalised), in their own bounded store (never pushing listings
 * out of the main cache), and expired with their tags like every entry. And for
 * every entry: a render that began before one of its tags expired is never
 * stored (it may have read the row before the edit), one that began after is.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { nodeFs } from "next/dist/server/lib/node-fs-methods";
import Handler from "@/server/cache/next-cache-handler.mjs";

type Entry = { value: { kind: string; html: string; headers: Record<string, string>; status: number } } | null;
type LocalHandler = {
  get(key: string, ctx: { kind: string }): Promise<Entry>;
  set(key: string, value: unknown, ctx: { cacheControl?: unknown }): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
};

const handler = new (Handler as unknown as new (ctx: object) => LocalHandler)({
  // A miss reads an empty folder (nothing prerendered); nothing is written to disk.
  fs: nodeFs,
  flushToDisk: false,
  serverDistDir: mkdtempSync(path.join(tmpdir(), "mm-cache-handler-")),
  revalidatedTags: [],
  maxMemoryCacheSize: 50 * 1024 * 1024,
});
const PAGE = { kind: "APP_PAGE" };
const page = (html: string, tags = "_N_T_/layout,catalog:products") => ({ kind: "APP_PAGE", html, rscData: Buffer.from(html), headers: { "x-next-cache-tags": tags }, status: 200 });
const key = (term: string, page = 1) => `/route-cache/APP_PAGE/abc123/$/listing/_all/featured/${page}/${term}`;

async function visit(k: string, html: string) {
  const hit = await handler.get(k, PAGE);
  if (!hit) await handler.set(k, page(html), { cacheControl: { revalidate: 3600, expire: undefined } });
  return hit?.value?.html ?? null;
}

describe("search result pages in the local cache handler", () => {
  it("stores a search page from its second read on, counting the term normalised, each page on its own", async () => {
    const term = `walnut${Date.now()}`;
    expect(await visit(key(term), "first")).toBeNull();
    expect(await visit(key(term.toUpperCase()), "second")).toBeNull();
    expect(await visit(key(term.toUpperCase()), "third")).toBe("second");
    // Page 2 of the same term: its own first read stores nothing.
    expect(await visit(key(encodeURIComponent(`${term}  `), 2), "page 2")).toBeNull();
    expect(await visit(key(encodeURIComponent(`${term}  `), 2), "again")).toBeNull();
    expect(await visit(key(encodeURIComponent(`${term}  `), 2), "once more")).toBe("again");
  });

  it("never stores a one-off term", async () => {
    for (let i = 0; i < 50; i++) expect(await visit(key(`oak${Date.now()}x${i}`), "once")).toBeNull();
    expect(await handler.get(key(`oak${Date.now()}x1`), PAGE)).toBeNull();
  });

  it("expires a stored search page with its tags", async () => {
    const term = `maple${Date.now()}`;
    await visit(key(term), "a");
    await visit(key(term), "b");
    expect(await visit(key(term), "c")).toBe("b");
    await new Promise((r) => setTimeout(r, 5));
    await handler.revalidateTag("catalog:products");
    expect(await handler.get(key(term), PAGE)).toBeNull();
  });

  it("keeps search pages in their own bounded store: many popular terms never push a listing out", async () => {
    const listing = "/route-cache/APP_PAGE/abc123/$/listing/_all/featured/1";
    await handler.set(listing, page("listing", "_N_T_/layout"), { cacheControl: { revalidate: 3600 } });
    const big = "x".repeat(200_000);
    const terms = Array.from({ length: 300 }, (_, i) => `cherry${Date.now()}y${i}`);
    for (const term of terms) {
      await handler.get(key(term), PAGE);
      await visit(key(term), big);
    }
    expect((await handler.get(listing, PAGE))?.value?.html).toBe("listing");
    // 300 pages of ~400 kB each cannot all fit in the search store's bytes: the oldest went first.
    expect(await handler.get(key(terms[0]), PAGE)).toBeNull();
    expect((await handler.get(key(terms[299]), PAGE))?.value?.html).toBe(big);
  });

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const tagged = (tag: string) => ({
    tag,
    store: (k: string, html: string) => handler.set(k, page(html, `_N_T_/layout,${tag}`), { cacheControl: { revalidate: 3600 } }),
  });
  const pageKey = (name: string) => `/route-cache/APP_PAGE/abc123/$/${name}/k${Date.now()}${Math.random().toString(36).slice(2, 8)}`;

  it("never stores a render that began before one of its tags expired; stores one that began after it", async () => {
    const { tag, store } = tagged(`catalog:product:t${Date.now()}`);
    const product = pageKey("product");
    const shop = pageKey("shop");
    expect(await handler.get(product, PAGE)).toBeNull(); // the render begins and reads the old row
    await sleep(5);
    await handler.revalidateTag(tag); // an edit expires the tag
    await sleep(5);
    expect(await handler.get(shop, PAGE)).toBeNull(); // this render begins after the edit
    await store(product, "old price");
    await store(shop, "new price");
    expect(await handler.get(product, PAGE)).toBeNull();
    expect((await handler.get(shop, PAGE))?.value?.html).toBe("new price");
    // The product page's next render began after the edit: it is stored.
    await store(product, "new price");
    expect((await handler.get(product, PAGE))?.value?.html).toBe("new price");
  });

  it("judges two renders of one key by the earlier while both are under way, whichever finishes first", async () => {
    const { tag, store } = tagged(`catalog:products:t${Date.now()}`);
    const key = pageKey("shop");
    expect(await handler.get(key, PAGE)).toBeNull(); // render 1 begins
    await sleep(5);
    expect(await handler.get(key, PAGE)).toBeNull(); // render 2 begins: both read the old row
    await sleep(5);
    await handler.revalidateTag(tag);
    await sleep(5);
    await store(key, "old, render 1"); // not stored
    expect(await handler.get(key, PAGE)).toBeNull(); // render 3 begins after the edit
    await store(key, "old, render 2"); // began before the edit too: not stored either
    expect(await handler.get(key, PAGE)).toBeNull();
  });

  it("counts a lookup that found an entry as no render: a popular page's first render after an edit is stored", async () => {
    const { tag, store } = tagged(`catalog:product:t${Date.now()}`);
    const key = pageKey("product");
    expect(await handler.get(key, PAGE)).toBeNull();
    await store(key, "before the edit");
    expect((await handler.get(key, PAGE))?.value?.html).toBe("before the edit"); // served from the cache
    await sleep(5);
    await handler.revalidateTag(tag);
    await sleep(5);
    expect(await handler.get(key, PAGE)).toBeNull(); // expired: the render after the edit begins
    await store(key, "after the edit");
    expect((await handler.get(key, PAGE))?.value?.html).toBe("after the edit");
  });
});
