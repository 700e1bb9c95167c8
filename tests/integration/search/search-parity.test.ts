import { searchCatalog, suggestProducts } from "@/lib/catalog/search-queries";
import { searchWords } from "@/lib/search/query";
import { seedDatabase } from "@/lib/startup/seed";
import { pgSearchTiers } from "@/tests/helpers/pg-search-oracle";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * The in-memory index finds what PostgreSQL's full-text search found
 * (tests/helpers/pg-search-oracle.ts): for every word of the demo catalogue
 * and of 200 generated products, and for neighbouring pairs of name words,
 * the same products, in relevance tiers that never go up; search-as-you-type
 * prefixes likewise for the suggestions. Within a tier the order is the
 * index's BM25, not ts_rank's, and is not compared. Numbers differ on
 * purpose and are left out: PostgreSQL kept "3.5" and "-8" (of "6-8") as
 * tokens no shopper's term could name (a term is split into runs of letters
 * and digits), the index splits a text as it splits a term ("3.5" is 3 and 5:
 * lib/search/analyze.ts).
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await seedDatabase(db.prisma, { extraProducts: 200, log: () => {} });
  // Texts PostgreSQL's parser reads in its own ways: hyphens, digits, apostrophes, stop words in a phrase.
  const jigs = await db.prisma.category.findFirstOrThrow({ where: { active: true } });
  const edge = [
    ["3D-Printed Router Base", "A maker's 3D-printed base for a 65 mm router; prints in PETG."],
    ["Bowl of the Month", "One bowl of walnut or cherry, every month."],
    ["Cutting Board, End-Grain", "An end-grain cutting board (maple and walnut)."],
  ];
  for (const [name, description] of edge) {
    await db.prisma.product.create({ data: { name, description, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), price: "10.00", categoryId: jigs.id } });
  }
}, 120_000);
afterAll(() => db?.cleanup());

async function catalogueWords() {
  const products = await db.prisma.product.findMany({ select: { name: true, shortDescription: true, description: true, category: { select: { name: true } } } });
  const words = new Set<string>();
  const pairs = new Set<string>();
  for (const p of products) {
    for (const text of [p.name, p.shortDescription ?? "", p.description, p.category.name]) searchWords(text.slice(0, 1000).replace(/\s+/g, " ")).forEach((w) => words.add(w));
    const name = p.name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    for (let i = 0; i + 1 < name.length; i++) pairs.add(`${name[i]} ${name[i + 1]}`);
  }
  const lettered = (term: string) => term.split(" ").every((w) => /\p{L}/u.test(w));
  return { words: [...words].filter(lettered), pairs: [...pairs].filter(lettered) };
}

/** Where the index's order is not PostgreSQL's: a different set, or a tier that goes up. */
function mismatch(term: string, expected: Map<string, number>, found: string[], all: boolean): string | null {
  if (all && (found.length !== expected.size || found.some((slug) => !expected.has(slug)))) {
    return `${term}: index ${JSON.stringify([...found].sort())} vs PostgreSQL ${JSON.stringify([...expected.keys()].sort())}`;
  }
  const tiers = found.map((slug) => expected.get(slug) ?? -1);
  if (tiers.some((t) => t < 0)) return `${term}: index found ${found[tiers.indexOf(-1)]}, PostgreSQL did not`;
  if (tiers.some((t, i) => i > 0 && t > tiers[i - 1])) return `${term}: tiers ${tiers.join(",")}`;
  // The first page holds the best tiers there are.
  const best = Math.max(...expected.values());
  if (found.length && tiers[0] !== best) return `${term}: first tier ${tiers[0]}, best ${best}`;
  return null;
}

it("finds every word's and every name pair's products as PostgreSQL did, best tiers first", async () => {
  const { words, pairs } = await catalogueWords();
  expect(words.length).toBeGreaterThan(300);
  const failures: string[] = [];
  const terms = [...words, ...pairs];
  const oracle = await pgSearchTiers(db.prisma, terms.map(searchWords));
  for (const [i, term] of terms.entries()) {
    const expected = oracle[i];
    const result = await searchCatalog({ search: term, limit: 1000, offset: 0 });
    if (!expected.size) {
      // Nothing matched: the index finds nothing either, unless it offers a correction.
      if (result.total && !result.didYouMean) failures.push(`${term}: index found ${result.total} without a correction, PostgreSQL nothing`);
      continue;
    }
    const problem = mismatch(
      term,
      expected,
      result.products.map((p) => p.slug),
      true,
    );
    if (problem) failures.push(problem);
    if (result.didYouMean) failures.push(`${term}: corrected although it matches`);
  }
  expect(failures).toEqual([]);
}, 300_000);

it("suggests, for every prefix of a name word typed after a name word, the best of what PostgreSQL's prefix search found", async () => {
  const { pairs } = await catalogueWords();
  const failures: string[] = [];
  const terms = pairs.flatMap((pair) => {
    const [first, second] = pair.split(" ");
    return [second.slice(0, 2), `${first} ${second.slice(0, 3)}`].filter((term) => searchWords(term).join(" ").length >= 2);
  });
  const oracle = await pgSearchTiers(
    db.prisma,
    terms.map((term) => searchWords(term)),
    { prefixLast: true },
  );
  for (const [i, term] of terms.entries()) {
    const expected = oracle[i];
    if (!expected.size) continue;
    const found = (await suggestProducts(term)).map((s) => s.slug);
    const problem = mismatch(term, expected, found, false);
    if (problem) failures.push(problem);
    if (found.length !== Math.min(6, expected.size)) failures.push(`${term}: ${found.length} suggestions of ${expected.size}`);
  }
  expect(failures).toEqual([]);
}, 300_000);
