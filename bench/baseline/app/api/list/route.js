export const dynamic = "force-dynamic";

/** Twelve products' worth of JSON (about 16 KB, the size of a shop search answer), serialised on every request. */
const products = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  name: `Product ${i + 1}`,
  slug: `product-${i + 1}`,
  price: "45.00",
  description: "A handmade piece, finished by hand. ".repeat(36),
  images: [`/demo/products/product-${i + 1}-1.webp`],
}));

export async function GET(request) {
  return Response.json({ q: request.nextUrl.searchParams.get("q"), products, total: products.length });
}
