import { positionedTerms, termOf } from "@/lib/search/analyze";
import { buildCatalogIndex, indexHasWord, searchCatalogIndex, type CatalogIndex, type IndexDocument } from "@/lib/search/catalog-index";

type P = { slug: string; featured: boolean; price: number; order: number };
let next = 0;
const doc = (name: string, description = "", extra: Partial<P> & { category?: string; shortDescription?: string } = {}): IndexDocument<P> => {
  const id = ++next;
  return {
    id,
    name,
    category: extra.category ?? "Jigs",
    shortDescription: extra.shortDescription ?? "",
    description,
    value: { slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), featured: extra.featured ?? false, price: extra.price ?? 10, order: id },
  };
};
const ORDERS = {
  featured: (a: P, b: P) => Number(b.featured) - Number(a.featured) || a.order - b.order,
  "price-low": (a: P, b: P) => a.price - b.price || a.order - b.order,
};
let index: CatalogIndex<P, keyof typeof ORDERS>;
beforeAll(async () => {
  index = await buildCatalogIndex(
    [
      doc("Turned Maple Spindles", "Spindles.", { featured: true, price: 30 }),
      doc("Turned Elm Turns", "Turns.", { featured: true, price: 5 }),
      doc("Turning Gouge Rest", "A tool rest.", { price: 20 }),
      doc("Spindle Sander Drum", "Sands after turning; turning, turning and turning again.", { featured: true }),
      doc("Bowl of Walnut", "A bowl."),
      doc("Walnut Bowl Blank", "Turn your own.", { shortDescription: "Kiln-dried" }),
      doc("Dowel Jig", "Drills 3.5 mm and 6-8 mm holes.", { category: "Drilling Guides" }),
    ],
    ORDERS,
    "featured",
  );
});
const slugs = (words: Array<string | string[]>, opts: { prefixLast?: boolean; exact?: boolean } = { exact: true }, order?: "price-low") =>
  searchCatalogIndex(index, { words, ...opts }, { order }).page.map((p) => p.slug);

describe("terms (PostgreSQL's english configuration)", () => {
  it("stems words of letters, keeps words with digits, drops stop words but keeps their places", () => {
    expect(["bowls", "turning", "turned", "drilling", "centres"].map(termOf)).toEqual(["bowl", "turn", "turn", "drill", "centr"]);
    expect(termOf("3d")).toBe("3d");
    expect(termOf("the")).toBeNull();
    expect(positionedTerms("Bowl of the Walnut-trees, 3.5 mm")).toEqual([
      ["bowl", 1],
      ["walnut", 4],
      ["tree", 5],
      ["3", 6],
      ["5", 7],
      ["mm", 8],
    ]);
  });
});

describe("the catalogue index", () => {
  it("ranks the exact word in a name over its stem in a name over the word elsewhere only; within each, the more it is said the higher", () => {
    // Elm Turns names the stem twice; the sander's description says "turning" four times.
    expect(slugs(["turning"])).toEqual(["turning-gouge-rest", "turned-elm-turns", "turned-maple-spindles", "spindle-sander-drum", "walnut-bowl-blank"]);
  });

  it("keeps the listing's order among equals", async () => {
    const pegs = [doc("Oak Peg", "A peg."), doc("Oak Peg", "A peg.", { featured: true }), doc("Oak Peg", "A peg.")];
    const found = searchCatalogIndex(await buildCatalogIndex(pegs, ORDERS, "featured"), { words: ["peg"], exact: true });
    expect(found.page.map((p) => p.order)).toEqual([pegs[1].id, pegs[0].id, pegs[2].id]);
  });

  it("ranks the words as a phrase in the name first, a stop word keeping its place", () => {
    expect(slugs(["walnut", "bowl"])).toEqual(["walnut-bowl-blank", "bowl-of-walnut"]);
    expect(slugs(["bowl", "of", "walnut"])).toEqual(["bowl-of-walnut", "walnut-bowl-blank"]);
  });

  it("needs every word, in some field: name, category, short description or description", () => {
    expect(slugs(["walnut", "kiln"])).toEqual(["walnut-bowl-blank"]);
    expect(slugs(["drilling", "guide", "dowel"])).toEqual(["dowel-jig"]);
    expect(slugs(["walnut", "spindle"])).toEqual([]);
    expect(slugs(["the", "of"])).toEqual([]); // stop words only: nothing to search
  });

  it("matches the last word as a prefix for search as you type, and the exact-word bonus counts the prefix", () => {
    expect(slugs(["wal"])).toEqual([]);
    expect(slugs(["walnut", "bo"], { prefixLast: true, exact: true })).toEqual(["walnut-bowl-blank", "bowl-of-walnut"]);
    expect(slugs(["gou"], { prefixLast: true, exact: true })).toEqual(["turning-gouge-rest"]);
  });

  it("matches a word's alternatives (a typo's corrections) without the exact-word bonus", () => {
    expect(slugs([["spindel", "spindle"]], {})).toEqual(["turned-maple-spindles", "spindle-sander-drum"]);
  });

  it("splits numbers in a text as a term is split", () => {
    expect(slugs(["3", "5", "mm"])).toEqual(["dowel-jig"]);
    expect(slugs(["8", "mm"])).toEqual(["dowel-jig"]);
  });

  it("pages the matches, and counts them all", () => {
    const first = searchCatalogIndex(index, { words: ["turning"], exact: true }, { offset: 0, limit: 2 });
    const rest = searchCatalogIndex(index, { words: ["turning"], exact: true }, { offset: 2, limit: 10 });
    expect([first.total, rest.total]).toEqual([5, 5]);
    expect([...first.page, ...rest.page].map((p) => p.slug)).toEqual(slugs(["turning"]));
  });

  it("orders by an explicit order instead of relevance, and filters", () => {
    expect(slugs(["turning"], { exact: true }, "price-low")).toEqual(["turned-elm-turns", "spindle-sander-drum", "walnut-bowl-blank", "turning-gouge-rest", "turned-maple-spindles"]);
    expect(searchCatalogIndex(index, { words: ["turning"], exact: true }, { filter: (p) => !p.featured }).page.map((p) => p.slug)).toEqual(["turning-gouge-rest", "walnut-bowl-blank"]);
  });

  it("serves the event loop while it indexes a large catalogue", async () => {
    const many = Array.from({ length: 1_000 }, (_, i) => doc(`Oak Peg ${i}`, "A peg for a walnut bowl, turned and oiled."));
    let served = 0;
    const timer = setInterval(() => served++, 0);
    const built = await buildCatalogIndex(many, ORDERS, "featured").finally(() => clearInterval(timer));
    expect(served).toBeGreaterThan(0);
    expect(searchCatalogIndex(built, { words: ["peg"] }).total).toBe(1_000);
  });

  it("knows which words some product has (or a stop word), the rest are for correcting", () => {
    expect(["walnuts", "sands", "the", "festool"].map((w) => indexHasWord(index, w))).toEqual([true, true, true, false]);
  });
});
