/**
 * What a shopper and the maker do, through a running server's HTTP interface
 * only (multi-process tests): find products, buy with the test card, sign in,
 * edit a product.
 */
export type PublicProduct = { id: number; slug: string; name: string; price: string; sold: boolean; uniqueItem: boolean; featured: boolean };

const address = { line1: "12 Elm Street", city: "Asheville", state: "NC", postalCode: "28801", country: "US" };
const contact = { email: "shopper@example.com", firstName: "Robin", lastName: "Ash", phone: "555-0100" };
const CARD_OK = { number: "4242 4242 4242 4242", expMonth: "12", expYear: "34", cvc: "123" };

async function json(res: Response, what: string, expected: number[] = [200, 201]) {
  const text = await res.text();
  if (!expected.includes(res.status)) throw new Error(`${what}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

export async function listPublicProducts(base: string): Promise<PublicProduct[]> {
  return (await json(await fetch(`${base}/api/products?limit=100`), "list products")).products;
}

export async function getPublicProduct(base: string, slug: string): Promise<PublicProduct> {
  return json(await fetch(`${base}/api/products/${slug}`), `product ${slug}`);
}

export async function pageText(base: string, pathname: string): Promise<{ status: number; html: string }> {
  const res = await fetch(base + pathname);
  return { status: res.status, html: await res.text() };
}

/** A whole test-card checkout of one unit; returns the order number. */
export async function buy(base: string, productId: number, sessionId = `s-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`): Promise<string> {
  const intent = await json(await post(`${base}/api/create-payment-intent`, { sessionId, items: [{ productId, quantity: 1 }], ...contact, shippingAddress: address }), "create intent");
  await json(await post(`${base}/api/payments/test/confirm`, { clientSecret: intent.clientSecret, card: CARD_OK }), "confirm card");
  const order = await json(await post(`${base}/api/orders`, { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, ...contact }), "place order");
  return order.orderNumber;
}

export async function adminLogin(base: string, email: string, password: string): Promise<Response> {
  return post(`${base}/api/admin/login`, { email, password });
}

export async function adminToken(base: string, email: string, password: string): Promise<string> {
  return (await json(await adminLogin(base, email, password), "admin login")).token;
}

export async function updateProduct(base: string, token: string, id: number, changes: Record<string, unknown>) {
  return json(
    await fetch(`${base}/api/products/${id}`, { method: "PUT", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(changes) }),
    `update product ${id}`,
  );
}

/** The add-to-cart control of a product page: "Add to Cart" while for sale, "Sold" once sold. */
export function purchaseState(html: string): "for sale" | "sold" | "unknown" {
  if (/>\s*Add to Cart\s*</.test(html)) return "for sale";
  if (/>\s*Sold\s*</.test(html)) return "sold";
  return "unknown";
}
