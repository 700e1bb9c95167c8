import { GET as getProducts } from "@/app/api/products/route";
import { GET as getSuggestions } from "@/app/api/search/suggest/route";
import { categoryUpdateSchema, productUpdateSchema } from "@/lib/catalog/admin-schemas";
import { updateCategory, updateProduct } from "@/lib/catalog/service";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * Search that finds what a shopper means: stems, typos, ranking,
 * "Did you mean …?", the suggest endpoint and the search cache's expiry.
 */
let db: TestDatabase;
let ids: Record<string, number>;

beforeAll(async () => {
  db = await createTestDatabase();
  const { categories } = await createCatalogFixture(db.prisma);
  const extra = [
    // "festool" only in the description
    { name: "Guide Rail Stop", slug: "guide-rail-stop", category: categories.jigs.id, description: "A repeatable stop that clamps to Festool FS guide rails." },
    // every word of "track saw square" but only "square" in the name
    { name: "Square Gauge Block", slug: "square-gauge-block", category: categories.jigs.id, description: "Sets a saw blade square; handy beside a track saw too." },
    // "salad" and "bowl" twice in the name, never one after the other; newer than the salad bowl
    { name: "Bowl Stand for Salad Servers, Salad Tongs and a Bowl", slug: "bowl-stand", category: categories.jigs.id, description: "Holds a salad bowl, salad servers and another bowl." },
    // "walnut" many times, but only in the description
    { name: "Board Butter", slug: "board-butter", category: categories.jigs.id, description: "For walnut, walnut burl, walnut end grain and other walnut boards." },
    // "turning" exactly in one name, only its stem ("turned") in two others that the default order puts first, only in a description in the last
    { name: "Turning Gouge Rest", slug: "turning-gouge-rest", category: categories.jigs.id, description: "A tool rest." },
    { name: "Turned Maple Spindles", slug: "turned-maple-spindles", category: categories.jigs.id, description: "Spindles.", featured: true },
    { name: "Turned Elm Turns", slug: "turned-elm-turns", category: categories.jigs.id, description: "Turns.", featured: true },
    { name: "Spindle Sander Drum", slug: "spindle-sander-drum", category: categories.jigs.id, description: "Sands after turning; turning, turning and turning again." },
    ...Array.from({ length: 8 }, (_, i) => ({ name: `Oak Peg ${i + 1}`, slug: `oak-peg-${i + 1}`, category: categories.jigs.id, description: "A peg." })),
  ];
  for (const p of extra) {
    await db.prisma.product.create({ data: { name: p.name, slug: p.slug, price: "12.00", description: p.description, categoryId: p.category, featured: "featured" in p ? p.featured : false } });
  }
  ids = Object.fromEntries((await db.prisma.product.findMany({ select: { id: true, slug: true } })).map((p) => [p.slug, p.id]));
});
afterAll(() => db?.cleanup());

type Listed = { products: Array<{ slug: string; name: string }>; total: number; didYouMean?: string };
const search = async (query: string) => {
  const { status, json } = await call(getProducts, `/api/products?limit=100&search=${query}`);
  expect(status).toBe(200);
  return json as Listed;
};
const slugs = (json: Listed) => json.products.map((p) => p.slug);

describe(`search on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("finds plurals and singulars alike (English stemming)", async () => {
    const bowls = await search("bowls");
    expect(slugs(bowls)).toEqual(expect.arrayContaining(["black-walnut-salad-bowl", "maple-nesting-bowls", "spalted-burl-bowl"]));
    expect(bowls.didYouMean).toBeUndefined();
    expect(slugs(await search("bowl")).sort()).toEqual(slugs(bowls).sort());
  });

  it("forgives a typo: 'walnot' finds the walnut pieces and says what it searched", async () => {
    const json = await search("walnot");
    expect(slugs(json)[0]).toBe("black-walnut-salad-bowl");
    expect(slugs(json)).toEqual(expect.arrayContaining(["spalted-burl-bowl", "track-saw-square", "board-butter"]));
    expect(json.didYouMean).toBe("walnut");
    const twoWords = await search("walnot%20bowl");
    expect(slugs(twoWords)).toContain("black-walnut-salad-bowl");
    expect(twoWords.didYouMean).toBe("walnut bowl");
  });

  it("forgives one slip of any kind, in short words and as swapped letters too, and says what it searched", async () => {
    const cases: Array<[string, string, string]> = [
      ["sqaure", "square", "square-gauge-block"], // swapped letters
      ["gaige", "gauge", "square-gauge-block"], // a wrong letter, 5 letters
      ["stnd", "stand", "bowl-stand"], // a missing letter
      ["butterr", "butter", "board-butter"], // an extra letter
      ["servres", "servers", "bowl-stand"], // swapped, 7 letters
    ];
    for (const [typo, word, slug] of cases) {
      const json = await search(typo);
      expect({ typo, didYouMean: json.didYouMean, found: slugs(json).includes(slug) }).toEqual({ typo, didYouMean: word, found: true });
    }
    // A slip in one word of two: the other word is kept, the pair corrected.
    const pair = await search("sqaure%20gauge");
    expect({ first: slugs(pair)[0], didYouMean: pair.didYouMean }).toEqual({ first: "square-gauge-block", didYouMean: "square gauge" });
    // A correct word is never corrected, even when a slip away from another ("stand" is one from "stank", "stall"…).
    expect((await search("stand")).didYouMean).toBeUndefined();
  });

  it("ranks the product named by the whole term first: 'track saw square'", async () => {
    const json = await search("track%20saw%20square");
    expect(slugs(json)).toEqual(["track-saw-square", "square-gauge-block"]);
  });

  it("ranks the term as a phrase in the name above its words apart: 'salad bowl'", async () => {
    expect(slugs(await search("salad%20bowl")).slice(0, 2)).toEqual(["black-walnut-salad-bowl", "bowl-stand"]);
  });

  it("ranks the exact word in a name above its stem in a name, and both above the word in a description only: 'turning'", async () => {
    // "Turned" and "Turns" share the stem of "turning", and those two are featured (first in the default order).
    const order = slugs(await search("turning"));
    expect(order.slice(0, 3)).toEqual(["turning-gouge-rest", "turned-elm-turns", "turned-maple-spindles"]);
    // Description-only matches last, however often they say it.
    expect(order.slice(3)).toContain("spindle-sander-drum");
    // The same order as the shopper types (the suggestions' last word is a prefix).
    const { json } = await call(getSuggestions, "/api/search/suggest?q=turning");
    expect((json as { suggestions: Array<{ slug: string }> }).suggestions.map((s) => s.slug).slice(0, 1)).toEqual(["turning-gouge-rest"]);
  });

  it("finds a product by a word only its description has: 'festool'", async () => {
    expect(slugs(await search("Festool"))).toEqual(["guide-rail-stop"]);
  });

  it("ranks name matches above description matches, however often the description says it", async () => {
    const order = slugs(await search("walnut"));
    expect(order[0]).toBe("black-walnut-salad-bowl");
    expect(order.indexOf("black-walnut-salad-bowl")).toBeLessThan(order.indexOf("board-butter"));
  });

  it("returns each product exactly as the plain listing does (images in order, price, category)", async () => {
    const found = (await call(getProducts, "/api/products?limit=100&search=walnut")).json.products as Array<{ slug: string; images: string[] }>;
    const all = (await call(getProducts, "/api/products?limit=100")).json.products as Array<{ slug: string }>;
    expect(found.length).toBeGreaterThanOrEqual(4);
    expect(found.some((p) => p.images.length > 1)).toBe(true);
    for (const product of found) expect(product).toEqual(all.find((p) => p.slug === product.slug));
  });

  it("matches the category name", async () => {
    expect(slugs(await search("fixture")).length).toBeGreaterThanOrEqual(2);
  });

  it("lets an explicit sort override relevance; relevance is the default", async () => {
    const low = await call(getProducts, "/api/products?search=bowls&sort=price-low");
    const prices = low.json.products.map((p: { price: string }) => Number(p.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const newest = await call(getProducts, "/api/products?search=walnut&sort=newest");
    expect(slugs(newest.json)[0]).not.toBe("black-walnut-salad-bowl"); // 30 days old: newer walnut pieces come first
    const relevance = await call(getProducts, "/api/products?search=walnut&sort=featured");
    expect(slugs(relevance.json)[0]).toBe("black-walnut-salad-bowl");
  });

  it("offers no correction when nothing close exists, and treats syntax as plain text", async () => {
    expect(await search("zebrawood")).toEqual({ products: [], total: 0 });
    expect((await search("%25%20%26%20!")).total).toBe(0);
    expect(slugs(await search("walnut%20%26%20!bowl%20%7C"))).toContain("black-walnut-salad-bowl");
  });

  it("pages search results with a stable total", async () => {
    const first = await call(getProducts, "/api/products?search=peg&limit=3");
    const second = await call(getProducts, "/api/products?search=peg&limit=3&offset=3");
    expect(first.json.total).toBe(8);
    expect(second.json.total).toBe(8);
    expect(new Set([...slugs(first.json), ...slugs(second.json)]).size).toBe(6);
    const past = await call(getProducts, "/api/products?search=peg&limit=3&offset=30");
    expect(past.json).toEqual({ products: [], total: 8 });
    // A corrected term's pages the same way, past the last too.
    const walnut = (await call(getProducts, "/api/products?search=walnut&limit=100")).json as Listed;
    const corrected = (await call(getProducts, "/api/products?search=walnot&limit=2&offset=2")).json as Listed;
    expect(corrected).toEqual({ products: walnut.products.slice(2, 4), total: walnut.total, didYouMean: "walnut" });
    const pastCorrected = await call(getProducts, "/api/products?search=walnot&limit=2&offset=60");
    expect(pastCorrected.json).toEqual({ products: [], total: walnut.total, didYouMean: "walnut" });
  });

  it("answers a never-seen term, and its correction, from the index: no statement once the catalogue's index is built", async () => {
    await search("walnut"); // the index of this catalogue version is built
    const queryRaw = jest.spyOn(db.prisma, "$queryRaw");
    const findMany = jest.spyOn(db.prisma.product, "findMany");
    // Besides the catalogue version (lib/catalog/search-queries.ts catalogFingerprint), which Next's cache answers in a running shop but not under Jest.
    const statements = () => queryRaw.mock.calls.filter(([query]) => !String(query).includes("concat_ws")).length + findMany.mock.calls.length;
    try {
      const cases: Array<[string, { total: boolean; didYouMean?: string }]> = [
        ["walnut%20bowl", { total: true }], // found
        ["walnot%20bowl", { total: true, didYouMean: "walnut bowl" }], // corrected
        ["walnot", { total: true, didYouMean: "walnut" }], // one word, corrected
        ["walnot%20xyzzy", { total: false }], // corrected, and still nothing
        ["xyzzy%20bowl", { total: false }], // a word nothing is close to
        ["bowl%20stool", { total: false }], // catalogue words that match nothing together: nothing to correct
        ["festool%20xyzzy", { total: false }], // a word only a description has: found, not corrected
      ];
      for (const [term, expected] of cases) {
        queryRaw.mockClear();
        findMany.mockClear();
        // A limit no other test asks for: never a cached result.
        const { json } = await call(getProducts, `/api/products?limit=7&search=${term}`);
        const { total, didYouMean } = json as Listed;
        expect({ term, total: total > 0, didYouMean, statements: statements() }).toEqual({ term, ...expected, statements: 0 });
      }
    } finally {
      queryRaw.mockRestore();
      findMany.mockRestore();
    }
  });

  describe("GET /api/search/suggest", () => {
    it("returns up to six products with slug, name, price, image and sold state", async () => {
      const { status, json } = await call(getSuggestions, "/api/search/suggest?q=oak%20pe");
      expect(status).toBe(200);
      expect(json.suggestions).toHaveLength(6);
      const walnut = await call(getSuggestions, "/api/search/suggest?q=Black%20waln");
      expect(walnut.json.suggestions[0]).toEqual({
        slug: "black-walnut-salad-bowl",
        name: "Black Walnut Salad Bowl",
        price: "145.00",
        image: { url: "/demo/products/black-walnut-salad-bowl-1.webp", alt: "Black Walnut Salad Bowl" },
        sold: false,
      });
      const cherry = await call(getSuggestions, "/api/search/suggest?q=cherry");
      expect(cherry.json.suggestions).toEqual([expect.objectContaining({ slug: "sold-cherry-bowl", sold: true })]);
      const noImage = await call(getSuggestions, "/api/search/suggest?q=guide%20rail");
      expect(noImage.json.suggestions).toEqual([expect.objectContaining({ slug: "guide-rail-stop", image: null, price: "12.00" })]);
    });

    it("starts at two characters, forgives typos and hides what the public may not see", async () => {
      expect((await call(getSuggestions, "/api/search/suggest?q=b")).json).toEqual({ suggestions: [] });
      expect((await call(getSuggestions, "/api/search/suggest?q=%20%26!")).json).toEqual({ suggestions: [] });
      const typo = await call(getSuggestions, "/api/search/suggest?q=walnot");
      expect(typo.json.suggestions.map((s: { slug: string }) => s.slug)).toContain("black-walnut-salad-bowl");
      expect((await call(getSuggestions, "/api/search/suggest?q=retired")).json).toEqual({ suggestions: [] });
      expect((await call(getSuggestions, "/api/search/suggest?q=planter")).json).toEqual({ suggestions: [] });
    });

    it.each([
      ["", "q is required"],
      ["?q=a&q=b", "q must be given only once"],
      [`?q=${"x".repeat(201)}`, "q is too long"],
    ])("GET /api/search/suggest%s is a 400 with a message", async (query, message) => {
      const { status, json } = await call(getSuggestions, `/api/search/suggest${query}`);
      expect(status).toBe(400);
      expect(JSON.stringify(json)).toContain(message);
    });
  });

  it("expires cached results when a product or category changes", async () => {
    expect(slugs(await search("festool"))).toEqual(["guide-rail-stop"]);
    expect(slugs(await search("festool"))).toEqual(["guide-rail-stop"]); // a repeat (cache hit) is the same
    await updateProduct(ids["guide-rail-stop"], productUpdateSchema.parse({ name: "Festool Rail Stop" }));
    const renamed = await search("festool");
    expect(renamed.products.map((p) => p.name)).toEqual(["Festool Rail Stop"]);
    expect((await call(getSuggestions, "/api/search/suggest?q=festool")).json.suggestions[0].name).toBe("Festool Rail Stop");

    await updateProduct(ids["guide-rail-stop"], productUpdateSchema.parse({ active: false }));
    expect((await search("festool")).total).toBe(0);
    expect((await call(getSuggestions, "/api/search/suggest?q=festool")).json).toEqual({ suggestions: [] });

    const jigs = await db.prisma.category.findUniqueOrThrow({ where: { slug: "jigs" } });
    expect((await search("gizmos")).total).toBe(0);
    await updateCategory(jigs.id, categoryUpdateSchema.parse({ name: "Gizmos" })); // the category name is searched too
    expect(slugs(await search("gizmo"))).toContain("dowel-jig");
    expect((await search("fixtures")).total).toBe(0);
  });
});
