import "server-only";
import { recordAudit } from "@/lib/audit/service";
import { productInputSchema } from "@/lib/catalog/admin-schemas";
import { slugify } from "@/lib/catalog/rules";
import { createProduct } from "@/lib/catalog/service";
import type { PublishCommissionInput } from "@/lib/commissions/admin-schemas";
import { canPublish, PUBLISH_REFUSALS } from "@/lib/commissions/rules";
import { COMMISSION_NOT_FOUND } from "@/lib/commissions/service";
import { prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { parseOrThrow } from "@/lib/validation";

/**
 * A finished commission in the gallery: with the shopper's consent (the quote page's
 * checkbox), once shipped, the maker publishes it as a sold one-of-a-kind piece — a product like
 * any other (the product form's rules, its photos, its audit row, the catalogue caches expired),
 * at the price it was paid, naming its commission (one piece per commission). Never the
 * shopper's name or address: the maker writes what the page says.
 */
export async function publishCommission({ id, ...fields }: PublishCommissionInput) {
  const commission = await prisma.commission.findUnique({
    where: { id },
    select: {
      reference: true,
      status: true,
      galleryConsent: true,
      galleryPiece: { select: { name: true } },
      quotes: { orderBy: [{ paidAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }], take: 1, select: { price: true } },
    },
  });
  if (!commission) throw new AppError("not_found", COMMISSION_NOT_FOUND);
  const refusal = canPublish({ status: commission.status, galleryConsent: commission.galleryConsent, published: commission.galleryPiece?.name ?? null, quoted: commission.quotes.length > 0 });
  if (refusal) throw new AppError("conflict", refusal);
  const data = parseOrThrow(productInputSchema, {
    ...fields,
    slug: await freeSlug(typeof fields.name === "string" ? fields.name : "", commission.reference),
    price: commission.quotes[0].price.toFixed(2),
    kind: "one_of_a_kind",
    uniqueItem: true,
    sold: true,
    showInGallery: true,
    active: true,
    featured: false,
    options: [],
    variants: [],
  });
  try {
    return await createProduct(data, {
      commissionId: id,
      audit: (tx, productId) => recordAudit({ entityType: "commission", entityId: id, action: "publish", before: null, after: { productId, slug: data.slug, name: data.name } }, tx),
    });
  } catch (error) {
    // Two publishes at once: the second finds the piece the first made (one product per commission).
    const piece = await prisma.product.findUnique({ where: { commissionId: id }, select: { name: true } });
    if (piece) throw new AppError("conflict", PUBLISH_REFUSALS.published(piece.name));
    throw error;
  }
}

/** The piece's address: its name's, or with the commission's reference when a product already has that one. */
async function freeSlug(name: string, reference: string): Promise<string | undefined> {
  const slug = slugify(name);
  if (!slug) return undefined; // the product rules name what is wrong with the name
  const taken = await prisma.product.findUnique({ where: { slug }, select: { id: true } });
  return taken ? `${slug}-${reference.toLowerCase()}` : slug;
}
