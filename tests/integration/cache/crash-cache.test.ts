/**
 * Cache expiry survives a crash: right after a one-of-a-kind piece is sold,
 * and right after an admin edit, the server is killed (SIGKILL, no chance to
 * flush anything) and restarted on the same embedded database; every page
 * and API answer then shows the database's state, never an older one.
 * Runs on the embedded database (the zero-config default, where it was found).
 */
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { migratedEmbeddedDir } from "../../helpers/embedded-template";
import { ensureProductionBuild, startInstance, stopAllInstances, testPort, waitForOk, type Instance } from "../../helpers/instances";
import { adminToken, buy, getPublicProduct, listPublicProducts, pageText, updateProduct, type PublicProduct } from "../../helpers/shop-http";

const dir = `.data/test-crash-${randomBytes(4).toString("hex")}`;
const port = testPort(5);
const env = { EMBEDDED_DB_DIR: dir, ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "crash-test-password", AUTH_SECRET: "crash-test-secret-0123456789abcdef" };

let server: Instance;

async function start() {
  server = startInstance(port, env);
  await waitForOk(server, "/api/ready", 150_000);
}

async function crashAndRestart() {
  server.signal("SIGKILL");
  await server.exited;
  await start();
}

/** How many "Add to Cart" buttons for this product a page has (a sold piece's button says "Sold" and names no product id). */
function addToCartButtons(html: string, product: PublicProduct): number {
  return html.split(`data-product-id="${product.id}" data-quantity=`).length - 1;
}

/** The price on this product's card in a listing page's HTML. */
function cardPrice(html: string, product: PublicProduct): string | null {
  const at = html.indexOf(`data-slug="${product.slug}"`);
  if (at < 0) return null;
  return /data-testid="product-price"[^>]*>([^<]+)</.exec(html.slice(at, at + 6000))?.[1] ?? null;
}

beforeAll(async () => {
  await ensureProductionBuild();
  await migratedEmbeddedDir(dir);
  await start();
}, 15 * 60_000);

afterAll(async () => {
  await stopAllInstances();
  rmSync(path.resolve(dir), { recursive: true, force: true });
  rmSync(path.resolve(`${dir}.owner`), { recursive: true, force: true }); // left by the killed owner (lib/backup/owner.ts)
}, 60_000);

describe("after kill -9 and a restart on the same database", () => {
  it("a piece sold just before the crash shows as sold everywhere", async () => {
    const products = await listPublicProducts(server.url);
    const piece = products.find((p) => p.uniqueItem && !p.sold && p.featured) ?? products.find((p) => p.uniqueItem && !p.sold)!;
    // Cache every place that shows it.
    for (const p of ["/", `/product/${piece.slug}`, "/shop", `/api/products/${piece.slug}`, "/api/products?limit=100"]) await pageText(server.url, p);
    expect(addToCartButtons((await pageText(server.url, `/product/${piece.slug}`)).html, piece)).toBe(1);

    await buy(server.url, piece.id);
    expect((await getPublicProduct(server.url, piece.slug)).sold).toBe(true);
    await crashAndRestart();

    expect((await getPublicProduct(server.url, piece.slug)).sold).toBe(true);
    expect((await listPublicProducts(server.url)).find((p) => p.slug === piece.slug)?.sold).toBe(true);
    const page = (await pageText(server.url, `/product/${piece.slug}`)).html;
    expect(addToCartButtons(page, piece)).toBe(0);
    expect(page.includes('"availability":"https://schema.org/SoldOut"')).toBe(true);
    for (const p of ["/", "/shop"]) {
      expect({ page: p, addToCart: addToCartButtons((await pageText(server.url, p)).html, piece) }).toEqual({ page: p, addToCart: 0 });
    }
  }, 240_000);

  it("an admin edit just before the crash shows everywhere", async () => {
    const products = await listPublicProducts(server.url);
    const product = products.find((p) => p.featured && !p.sold && !p.uniqueItem) ?? products.find((p) => !p.sold)!;
    const newPrice = (Number(product.price) + 11.11).toFixed(2);
    for (const p of ["/", `/product/${product.slug}`, "/shop", `/api/products/${product.slug}`, "/api/products?limit=100"]) await pageText(server.url, p);
    // The listing pages that show its card (cached now).
    const listings: string[] = [];
    for (const p of ["/", "/shop"]) if (cardPrice((await pageText(server.url, p)).html, product)) listings.push(p);
    expect(listings.length).toBeGreaterThan(0);

    const token = await adminToken(server.url, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    await updateProduct(server.url, token, product.id, { price: newPrice });
    await crashAndRestart();

    expect((await getPublicProduct(server.url, product.slug)).price).toBe(newPrice);
    expect((await listPublicProducts(server.url)).find((p) => p.slug === product.slug)?.price).toBe(newPrice);
    const shown = `$${Number(newPrice).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
    expect((await pageText(server.url, `/product/${product.slug}`)).html).toContain(shown);
    for (const p of listings) {
      expect({ page: p, price: cardPrice((await pageText(server.url, p)).html, product) }).toEqual({ page: p, price: shown });
    }
  }, 240_000);
});
