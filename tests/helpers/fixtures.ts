import type { PrismaClient } from "@/lib/db/client";

type ProductSeed = {
  name: string;
  slug: string;
  price: string;
  category: string;
  description?: string;
  shortDescription?: string;
  featured?: boolean;
  uniqueItem?: boolean;
  sold?: boolean;
  showInGallery?: boolean;
  active?: boolean;
  salesCount?: number;
  daysAgo?: number;
  images?: number;
};

/** A small, fully known catalogue for API and service tests. */
export async function createCatalogFixture(prisma: PrismaClient) {
  const bowls = await prisma.category.create({ data: { name: "Wood Bowls", slug: "wood-bowls", description: "Turned bowls.", sortOrder: 1 } });
  const jigs = await prisma.category.create({ data: { name: "Jigs & Fixtures", slug: "jigs", description: "Printed jigs.", sortOrder: 0 } });
  const hidden = await prisma.category.create({ data: { name: "Outdoor", slug: "outdoor", active: false, sortOrder: 2 } });
  const categories = { "wood-bowls": bowls, jigs, outdoor: hidden } as const;

  const products: ProductSeed[] = [
    {
      name: "Black Walnut Salad Bowl",
      slug: "black-walnut-salad-bowl",
      price: "145.00",
      category: "wood-bowls",
      featured: true,
      salesCount: 40,
      daysAgo: 30,
      images: 3,
      description: "A wide bowl turned from black walnut.",
    },
    { name: "Maple Nesting Bowls", slug: "maple-nesting-bowls", price: "89.50", category: "wood-bowls", salesCount: 90, daysAgo: 5, description: "Three nesting bowls in hard maple." },
    {
      name: "Spalted Burl Bowl",
      slug: "spalted-burl-bowl",
      price: "320.00",
      category: "wood-bowls",
      uniqueItem: true,
      featured: true,
      daysAgo: 2,
      description: "One of a kind, with walnut-dark spalting lines.",
    },
    { name: "Sold Cherry Bowl", slug: "sold-cherry-bowl", price: "210.00", category: "wood-bowls", uniqueItem: true, sold: true, showInGallery: true, daysAgo: 60 },
    { name: "Sold Ash Bowl", slug: "sold-ash-bowl", price: "175.00", category: "wood-bowls", uniqueItem: true, sold: true, showInGallery: false, daysAgo: 61 },
    {
      name: "Dowel Jig",
      slug: "dowel-jig",
      price: "24.00",
      category: "jigs",
      salesCount: 120,
      daysAgo: 10,
      shortDescription: "Drill square dowel holes every time.",
      description: "Printed in PETG with steel bushings.",
    },
    {
      name: "Track Saw Square",
      slug: "track-saw-square",
      price: "59.99",
      category: "jigs",
      featured: true,
      salesCount: 12,
      daysAgo: 1,
      description: "Squares a track to the board edge; works with walnut or any stock.",
    },
    { name: "Retired Jig", slug: "retired-jig", price: "10.00", category: "jigs", active: false, daysAgo: 3 },
    { name: "Garden Planter", slug: "garden-planter", price: "75.00", category: "outdoor", daysAgo: 4 },
    { name: "Sold Cedar Planter", slug: "sold-cedar-planter", price: "95.00", category: "outdoor", uniqueItem: true, sold: true, showInGallery: true, daysAgo: 70 },
  ];
  const now = Date.now();
  for (const p of products) {
    const created = await prisma.product.create({
      data: {
        name: p.name,
        slug: p.slug,
        price: p.price,
        description: p.description ?? `${p.name}, made in the workshop.`,
        shortDescription: p.shortDescription ?? null,
        categoryId: categories[p.category as keyof typeof categories].id,
        featured: p.featured ?? false,
        uniqueItem: p.uniqueItem ?? false,
        sold: p.sold ?? false,
        showInGallery: p.showInGallery ?? false,
        active: p.active ?? true,
        salesCount: p.salesCount ?? 0,
        createdAt: new Date(now - (p.daysAgo ?? 0) * 86_400_000),
      },
    });
    const count = p.images ?? 2;
    await prisma.productImage.createMany({
      // inserted last-first, so only `position` can put them in order
      data: Array.from({ length: count }, (_, k) => count - 1 - k).map((i) => ({ productId: created.id, url: `/demo/products/${p.slug}-${i + 1}.webp`, position: i })),
    });
  }
  return { categories, products };
}

/** The catalogue plus one of every row an admin endpoint acts on (customer, order, admin): the ids admin-route tables need. */
export async function createAdminApiFixture(prisma: PrismaClient, orderNumber = "ORD-1") {
  const { categories } = await createCatalogFixture(prisma);
  const product = await prisma.product.findFirstOrThrow({ where: { slug: "dowel-jig" } });
  const customer = await prisma.customer.create({ data: { email: "c@example.com" } });
  const address = { line1: "1 Main", city: "X", state: "NC", postalCode: "28801", country: "US" };
  const order = await prisma.order.create({
    data: {
      orderNumber,
      customerId: customer.id,
      firstName: "A",
      lastName: "B",
      email: "c@example.com",
      status: "confirmed",
      shippingAddress: address,
      billingAddress: address,
      subtotal: "10.00",
      shipping: "15.99",
      shippingService: "USPS_GROUND_ADVANTAGE",
      tax: "0.00",
      total: "25.99",
    },
  });
  const admin = await prisma.adminUser.create({ data: { username: "keeper", email: "keeper@example.com", passwordHash: "x" } });
  return { ids: { product: product.id, category: categories.jigs.id, order: order.id, customer: customer.id, admin: admin.id }, admin };
}

/** The shopper's address and the test provider's card that pays, as the checkout tests send them. */
export const SHOPPER_ADDRESS = { line1: "12 Elm Street", city: "Asheville", state: "NC", postalCode: "28801", country: "US" };
export const TEST_CARD_OK = { number: "4242 4242 4242 4242", expMonth: "12", expYear: "34", cvc: "123" };

/**
 * The catalogue, its products' ids by slug, the maker's bearer header for the admin API, and the maker as the audit log names them.
 * The token module is imported here, when called, so a test can set its environment first (the Stripe tests do).
 */
export async function createCatalogWithMaker(prisma: PrismaClient) {
  const { issueApiToken } = await import("@/lib/auth/session-service");
  const { categories } = await createCatalogFixture(prisma);
  const ids: Record<string, number> = {};
  for (const p of await prisma.product.findMany()) ids[p.slug] = p.id;
  const admin = await prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: "x" } });
  return { categories, ids, auth: { authorization: `Bearer ${await issueApiToken(admin)}` }, maker: { id: admin.id, username: admin.username } };
}
