import { randomBytes } from "node:crypto";
import { hashPassword } from "@/lib/auth/password";
import { boxed, showOnTerminal } from "@/lib/terminal/show-secret";
import type { PrismaClient } from "@/lib/db/client";
import { seedCategories, seedProducts, toSlug, type SeedProduct } from "@/prisma/seed/catalog";
import { liveEnv } from "@/lib/env";

/**
 * Seeds the demo catalogue (when the database has no categories yet) and the
 * first admin (when there is none), and optionally N generated products for
 * benchmarks. Runs from scripts, so it must not import server-only modules.
 */
export type SeedOptions = { log?: (message: string) => void; extraProducts?: number; now?: Date };
export type SeedResult = { seeded: boolean; adminEmail?: string; generatedPassword?: string; extraProducts: number };

const DAY = 86_400_000;

export async function seedDatabase(prisma: PrismaClient, opts: SeedOptions = {}): Promise<SeedResult> {
  const log = opts.log ?? (() => {});
  const now = opts.now ?? new Date();
  let seeded = false;

  if ((await prisma.category.count()) === 0) {
    await prisma.$transaction(
      async (tx) => {
        // Inside the transaction only `tx` is used (a `prisma.` call would deadlock on the embedded database).
        await tx.category.createMany({ data: seedCategories.map((c) => ({ ...c })) });
        const categories = await tx.category.findMany({ select: { id: true, slug: true } });
        const categoryId = new Map(categories.map((c) => [c.slug, c.id]));
        await tx.product.createMany({
          data: seedProducts.map((p, i) => productRow(p, categoryId, new Date(now.getTime() - p.createdDaysAgo * DAY - i * 60_000))),
        });
        const products = await tx.product.findMany({ select: { id: true, slug: true } });
        const productId = new Map(products.map((p) => [p.slug, p.id]));
        await tx.productImage.createMany({
          data: seedProducts.flatMap((p) => p.images.map((img, position) => ({ productId: productId.get(p.slug)!, ...img, position }))),
        });
        await tx.productVariant.createMany({
          data: seedProducts.flatMap((p) =>
            (p.variants ?? []).map((v, position) => ({
              productId: productId.get(p.slug)!,
              sku: v.sku,
              optionValues: v.values,
              price: v.price,
              stock: v.stock ?? null,
              allowBackorder: v.allowBackorder ?? false,
              leadTimeMinDays: v.leadTimeMinDays ?? null,
              leadTimeMaxDays: v.leadTimeMaxDays ?? null,
              image: v.image ? p.images[v.image - 1].url : null,
              position,
            })),
          ),
        });
      },
      { timeout: 60_000 },
    );
    seeded = true;
    log(`Seeded ${seedCategories.length} categories and ${seedProducts.length} products.`);
  }

  const admin = await seedFirstAdmin(prisma, log);
  const extra = opts.extraProducts ? await seedExtraProducts(prisma, opts.extraProducts, now, log) : 0;
  // Planner statistics for what was just added (the embedded database has no autovacuum).
  if (seeded || extra) await prisma.$executeRawUnsafe("ANALYZE");
  return { seeded, ...admin, extraProducts: extra };
}

function productRow(p: SeedProduct, categoryId: Map<string, number>, createdAt: Date) {
  const id = categoryId.get(p.categorySlug);
  if (!id) throw new Error(`Seed product ${p.slug} names unknown category ${p.categorySlug}`);
  return {
    name: p.name,
    slug: p.slug,
    description: p.description,
    shortDescription: p.shortDescription,
    price: p.price,
    categoryId: id,
    videoUrl: p.videoUrl ?? null,
    featured: p.featured ?? false,
    uniqueItem: p.uniqueItem ?? false,
    stock: p.stock ?? null,
    leadTimeMinDays: p.leadTimeMinDays ?? null,
    leadTimeMaxDays: p.leadTimeMaxDays ?? null,
    allowBackorder: p.allowBackorder ?? false,
    options: p.options ?? [],
    sold: p.sold ?? false,
    showInGallery: p.showInGallery ?? false,
    active: p.active ?? true,
    seoTitle: p.seoTitle ?? null,
    seoDescription: p.seoDescription ?? null,
    salesCount: p.salesCount,
    createdAt,
    updatedAt: createdAt,
  };
}

async function seedFirstAdmin(prisma: PrismaClient, log: (m: string) => void) {
  if ((await prisma.adminUser.count()) > 0) return {};
  const email = (liveEnv("ADMIN_EMAIL") ?? "admin@maplemicron.local").toLowerCase();
  const given = liveEnv("ADMIN_PASSWORD");
  if (given && given.length < 6) throw new Error("ADMIN_PASSWORD must be at least 6 characters.");
  const password = given ?? generatePassword();
  const username = email.split("@")[0] || "admin";
  await prisma.adminUser.create({ data: { email, username, passwordHash: await hashPassword(password) } });
  if (given) {
    log(`Created admin ${email} with the password from ADMIN_PASSWORD.`);
    return { adminEmail: email };
  }
  announceGeneratedPassword(email, password, log);
  return { adminEmail: email, generatedPassword: password };
}

export const generatePassword = () => randomBytes(18).toString("base64url");

/** The generated password goes to the terminal only, never to a log (lib/terminal/show-secret.ts). */
function announceGeneratedPassword(email: string, password: string, log: (m: string) => void) {
  const shown = showOnTerminal(boxed([`Admin sign-in: ${email} / ${password}`, "Shown once, on this terminal only. Change it in /admin/users (or set ADMIN_PASSWORD before the first start)."]));
  log(
    shown
      ? `Created admin ${email}; its generated password was shown on the terminal (not in this log).`
      : `Created admin ${email} with a generated password that was not shown (no terminal). Set one with \`npm run admin:password -- ${email}\` in a terminal, or set ADMIN_PASSWORD before the first start.`,
  );
}

// Word lists for the benchmark catalogue: believable names, descriptions and prices.
const SPECIES = ["Walnut", "Cherry", "Hard Maple", "White Oak", "Ash", "Spalted Maple", "Olive", "Sapele", "Hickory", "Birch"];
const WOOD_OBJECTS = ["Serving Bowl", "Salad Bowl", "Cutting Board", "Serving Tray", "Side Table", "Wall Shelf", "Step Stool", "Keepsake Box", "Wall Clock", "Candle Holder"];
const PRINTED = ["Dowel Jig", "Drill Guide", "Featherboard", "Hinge Jig", "Marking Gauge", "Sanding Block", "Clamp Pad Set", "Shelf Pin Jig", "Router Bit Holder", "Center Finder"];
const MATERIALS = ["PETG", "ASA", "PLA+", "Carbon PETG"];
const SIZES = ["Small", "Medium", "Large", "Wide", "Tall", "Compact"];
const SENTENCES = [
  "Finished with food-safe oil and buffed with beeswax.",
  "Every piece is checked by hand before it ships.",
  "Made in a one-person workshop in small batches.",
  "The grain pattern makes each one slightly different.",
  "Printed with four walls and 40 percent gyroid infill for stiffness.",
  "Dimensions are checked against calibrated calipers.",
  "Care: wipe clean, dry right away, oil now and then.",
  "Designed at the same bench it is used on.",
];

async function seedExtraProducts(prisma: PrismaClient, count: number, now: Date, log: (m: string) => void) {
  const categories = await prisma.category.findMany({ where: { active: true }, select: { id: true, slug: true } });
  const images = await prisma.productImage.findMany({
    where: { position: 0, product: { category: { active: true } } },
    select: { url: true, width: true, height: true, product: { select: { categoryId: true } } },
  });
  if (!categories.length) throw new Error("Seed the demo catalogue before adding generated products.");
  const imagesByCategory = new Map<number, { url: string; width: number; height: number }[]>();
  for (const img of images) imagesByCategory.set(img.product.categoryId, [...(imagesByCategory.get(img.product.categoryId) ?? []), img]);
  const printed = new Set(["jigs-and-fixtures", "printed-tools"]);
  const start = (await prisma.product.count()) + 1;
  const BATCH = 1000;
  for (let offset = 0; offset < count; offset += BATCH) {
    const rows = [];
    for (let i = offset; i < Math.min(count, offset + BATCH); i++) {
      const n = start + i;
      const category = categories[i % categories.length];
      const isPrinted = printed.has(category.slug);
      const object = isPrinted ? PRINTED[(i * 7) % PRINTED.length] : WOOD_OBJECTS[(i * 7) % WOOD_OBJECTS.length];
      const material = isPrinted ? MATERIALS[i % MATERIALS.length] : SPECIES[(i * 3) % SPECIES.length];
      const name = `${SIZES[i % SIZES.length]} ${material} ${object} No. ${n}`;
      const cents = isPrinted ? 900 + ((i * 137) % 7600) : 2500 + ((i * 971) % 60000);
      const createdAt = new Date(now.getTime() - ((i * 7919) % 700) * DAY - (i % 1440) * 60_000);
      rows.push({
        name,
        slug: `${toSlug(name)}`,
        description: [0, 1, 2].map((k) => SENTENCES[(i + k * 3) % SENTENCES.length]).join(" "),
        shortDescription: `${material} ${object.toLowerCase()}, ${SIZES[i % SIZES.length].toLowerCase()} size.`,
        price: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`,
        categoryId: category.id,
        featured: false,
        uniqueItem: !isPrinted && i % 9 === 0,
        sold: false,
        salesCount: (i * 31) % 150,
        createdAt,
        updatedAt: createdAt,
      });
    }
    await prisma.product.createMany({ data: rows });
    const created = await prisma.product.findMany({ where: { slug: { in: rows.map((r) => r.slug) } }, select: { id: true, categoryId: true } });
    await prisma.productImage.createMany({
      data: created.flatMap((p, k) => {
        const pool = imagesByCategory.get(p.categoryId) ?? images;
        const a = pool[(p.id + k) % pool.length];
        const b = pool[(p.id + k + 1) % pool.length];
        return [
          { productId: p.id, url: a.url, width: a.width, height: a.height, position: 0 },
          { productId: p.id, url: b.url, width: b.width, height: b.height, position: 1 },
        ];
      }),
    });
    log(`  generated ${Math.min(count, offset + BATCH)} / ${count} products`);
  }
  return count;
}
