/**
 * npm run search:memory — what the in-memory search index costs a process,
 * per product: every public product of a running shop read through its own
 * API (the listing DTOs the index holds, as the shop builds them), then
 * indexed as lib/catalog/search-queries.ts indexes them
 * (lib/search/catalog-index.ts, with the listing's orders), the heap
 * measured after a full garbage collection before and after.
 *
 *   SHOP_URL=http://127.0.0.1:3000 npm run search:memory
 */
import { buildCatalogIndex } from "@/lib/search/catalog-index";
import { sortComparisons, type SortColumn } from "@/lib/catalog/sort";
import type { ProductDTO } from "@/lib/catalog/types";

const base = process.env.SHOP_URL ?? "http://127.0.0.1:3000";
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("Run with node --expose-gc (npm run search:memory does).");

async function allProducts(): Promise<ProductDTO[]> {
  const out: ProductDTO[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = (await (await fetch(`${base}/api/products?limit=100&offset=${offset}`)).json()) as { products: ProductDTO[]; total: number };
    out.push(...page.products);
    if (!page.products.length || out.length >= page.total) return out;
  }
}

type Indexed = { product: ProductDTO; priceCents: number; createdAt: number };
const key = (p: Indexed, column: SortColumn): number =>
  column === "price" ? p.priceCents : column === "createdAt" ? p.createdAt : column === "id" ? p.product.id : Number((p.product as unknown as Record<string, unknown>)[column] ?? 0);
const orders = sortComparisons(key);

const json = JSON.stringify(await allProducts());
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const before = heap();
const products = JSON.parse(json) as ProductDTO[];
const dtos = heap() - before;
const started = performance.now();
const index = await buildCatalogIndex(
  products.map((p) => ({
    id: p.id,
    name: p.name,
    category: p.category.name,
    shortDescription: p.shortDescription ?? "",
    description: p.description,
    value: { product: p, priceCents: Math.round(Number(p.price) * 100), createdAt: Date.parse(p.createdAt) },
  })),
  orders,
  "featured",
);
const ms = performance.now() - started;
const total = heap() - before;
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
console.log(
  `${products.length} products: the DTOs ${kb(dtos)}, the index besides ${kb(total - dtos)}, in all ${kb(total)} (${Math.round(total / products.length)} bytes a product); built in ${Math.round(ms)} ms`,
);
void index;

// Time: realistic never-seen terms (scripts/bench-search-terms.ts), searched as the shop searches them, in process.
const { realisticSearches } = await import("./bench-search-terms");
const { searchCatalogIndex } = await import("@/lib/search/catalog-index");
const { searchWords } = await import("@/lib/search/query");
const terms = realisticSearches(3000).map((t) => searchWords(decodeURIComponent(new URL(t, "http://x").searchParams.get("search") ?? "")));
const times: number[] = [];
for (const words of terms) {
  const t0 = performance.now();
  searchCatalogIndex(index, { words, exact: true }, { limit: 12 });
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
console.log(`search: median ${times[1500].toFixed(2)} ms, p90 ${times[2700].toFixed(2)} ms, p99 ${times[2970].toFixed(2)} ms`);
