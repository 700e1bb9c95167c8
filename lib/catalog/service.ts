import "server-only";
import { prisma, Prisma } from "@/lib/db";
import {
  CATEGORY_REQUIRED,
  lowestPrice,
  resolveStock,
  GIFT_CARD_WITH_VARIANTS,
  UNIQUE_WITH_VARIANTS,
  VARIANT_IMAGE_MESSAGE,
  type VariantData,
  STOCK_REASON_REQUIRED,
  stockMovedMessage,
  type AdminCategoryDTO,
  type AdminProductDTO,
  type CategoryData,
  type CategoryUpdateData,
  type ProductData,
  type ProductUpdateData,
  productUpdateSchema,
} from "@/lib/catalog/admin-schemas";
import { auditSnapshot, recordAudit } from "@/lib/audit/service";
import { findAdminCategory, findAdminProduct } from "@/lib/catalog/admin-queries";
import { expireCatalog } from "@/lib/catalog/revalidate";
import { AppError } from "@/lib/errors";
import { BOX_MESSAGE, PACKAGE_ON_GIFT_CARD, type PackageData } from "@/lib/shipping/schemas";

/**
 * Catalogue writes for the admin area: the admin server actions and the admin
 * API endpoints both call these with input already parsed by the shared
 * schemas (lib/catalog/admin-schemas.ts: the route's readJson, the action's adminAction), every write records its audit row
 * in its transaction (lib/audit/service.ts), and every write expires the
 * cached storefront reads (expireCatalog).
 */

export { countAdminProducts, listAdminCategories, listAdminProducts } from "@/lib/catalog/admin-queries";
export type { AdminCategoryDTO, AdminProductDTO } from "@/lib/catalog/admin-schemas";

export const PRODUCT_NOT_FOUND = "Product not found";
export const CATEGORY_NOT_FOUND = "Category not found";
export const PRODUCT_SLUG_TAKEN = "A product with this slug already exists.";
export const CATEGORY_SLUG_TAKEN = "A category with this slug already exists.";
export const CATEGORY_HAS_PRODUCTS = "Move or delete the products in this category first.";
export const VARIANT_SKU_TAKEN = "A variant with this SKU already exists (SKUs are unique in the shop).";
export const VARIANT_NOT_FOUND = "That variant is not one of this product's (reload the form).";
export const VARIANT_COUNTS_MESSAGE = "A product with variants keeps its stock on its variants: set each variant's kind and count.";

/** A route segment or form value as a row id; anything that is not one is simply "not found". */
function toId(value: number | string, notFound: string): number {
  const n = typeof value === "number" ? value : /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) throw new AppError("not_found", notFound);
  return n;
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

function slugConflict(message: string) {
  return new AppError("conflict", message, { slug: message });
}

async function assertCategoryExists(categoryId: number) {
  const found = await prisma.category.findUnique({ where: { id: categoryId }, select: { id: true } });
  if (!found) throw new AppError("bad_request", CATEGORY_REQUIRED, { categoryId: CATEGORY_REQUIRED });
}

async function assertProductSlugFree(slug: string) {
  const taken = await prisma.product.findUnique({ where: { slug }, select: { id: true } });
  if (taken) throw slugConflict(PRODUCT_SLUG_TAKEN);
}

async function assertCategorySlugFree(slug: string, exceptId?: number) {
  const taken = await prisma.category.findUnique({ where: { slug }, select: { id: true } });
  if (taken && taken.id !== exceptId) throw slugConflict(CATEGORY_SLUG_TAKEN);
}

function imageRows(images: ProductData["images"]) {
  return images.map((image, position) => ({ url: image.url, width: image.width, height: image.height, alt: image.alt, position }));
}

function variantRow(v: VariantData, position: number) {
  return {
    sku: v.sku,
    optionValues: v.values,
    price: v.price,
    stock: v.stock,
    leadTimeMinDays: v.leadTimeMinDays,
    leadTimeMaxDays: v.leadTimeMaxDays,
    allowBackorder: v.allowBackorder,
    image: v.image,
    position,
    weightGrams: v.weightGrams,
    boxId: v.boxId,
  };
}

/** Each box a variant names is one of the maker's: else a 400 naming that variant's box field. */
async function assertVariantBoxes(variants: VariantData[], db: Prisma.TransactionClient | typeof prisma = prisma): Promise<void> {
  const named = [...new Set(variants.flatMap((v) => (v.boxId != null ? [v.boxId] : [])))];
  if (!named.length) return;
  const found = new Set((await db.shippingBox.findMany({ where: { id: { in: named } }, select: { id: true } })).map((b) => b.id));
  const bad = variants.findIndex((v) => v.boxId != null && !found.has(v.boxId));
  if (bad !== -1) throw new AppError("bad_request", BOX_MESSAGE, { [`variants.${bad}.boxId`]: BOX_MESSAGE });
}

/**
 * The package fields to write (lib/shipping/schemas.ts): a gift card has none (cleared), a box
 * must be one of the maker's (400 naming boxId), and a box replaces the product's own dimensions and back.
 */
async function packageRow(pkg: Partial<PackageData>, giftCard: boolean | undefined, db: Prisma.TransactionClient | typeof prisma = prisma): Promise<Partial<PackageData>> {
  const given = Object.fromEntries(Object.entries(pkg).filter(([, v]) => v !== undefined)) as Partial<PackageData>;
  if (giftCard) {
    const sent = Object.entries(given).some(([k, v]) => (k === "contactForDelivery" ? v === true : v !== null));
    if (sent) throw new AppError("bad_request", PACKAGE_ON_GIFT_CARD, { weightGrams: PACKAGE_ON_GIFT_CARD });
    return { weightGrams: null, lengthMm: null, widthMm: null, heightMm: null, boxId: null, freightPrice: null, contactForDelivery: false };
  }
  if (given.boxId != null) {
    const box = await db.shippingBox.findUnique({ where: { id: given.boxId }, select: { id: true } });
    if (!box) throw new AppError("bad_request", BOX_MESSAGE, { boxId: BOX_MESSAGE });
    return { ...given, lengthMm: null, widthMm: null, heightMm: null };
  }
  if (given.lengthMm != null) return { ...given, boxId: null };
  return given;
}

const PACKAGE_KEYS = ["weightGrams", "lengthMm", "widthMm", "heightMm", "boxId", "freightPrice", "contactForDelivery"] as const;
function splitPackage<T extends Record<string, unknown>>(data: T): { pkg: Partial<PackageData>; rest: Omit<T, (typeof PACKAGE_KEYS)[number]> } {
  const pkg: Record<string, unknown> = {};
  const rest: Record<string, unknown> = { ...data };
  for (const key of PACKAGE_KEYS) {
    if (key in rest) pkg[key] = rest[key];
    delete rest[key];
  }
  return { pkg: pkg as Partial<PackageData>, rest: rest as Omit<T, (typeof PACKAGE_KEYS)[number]> };
}

/** A SKU another product (or a variant being saved) already has: 409 naming it. */
function skuConflict(error: unknown): AppError | null {
  if (!isUniqueViolation(error)) return null;
  const target = (error as Prisma.PrismaClientKnownRequestError).meta?.target;
  const fields = Array.isArray(target) ? target.map(String) : typeof target === "string" ? [target] : [];
  const message = (error as Error).message ?? "";
  if (!fields.includes("sku") && !/sku/i.test(message)) return null;
  return new AppError("conflict", VARIANT_SKU_TAKEN, { variants: VARIANT_SKU_TAKEN });
}

/**
 * Writes a product's variants as sent (the whole set): existing ones (by id, this product's only) are
 * updated, new ones created, the rest deleted (their cart lines go with them; order lines keep their
 * snapshot). Every row is locked first, as checkout locks a variant it claims. A count that moved
 * since the form was loaded (`stockWas`) refuses the save; a changed count needs a reason.
 * Returns whether a count changed.
 */
async function writeVariants(tx: Prisma.TransactionClient, productId: number, variants: VariantData[], stockReason: string | null | undefined): Promise<boolean> {
  const current = await tx.$queryRaw<Array<{ id: number; sku: string; stock: number | null }>>`
    SELECT "id", "sku", "stock" FROM "ProductVariant" WHERE "productId" = ${productId} ORDER BY "id" FOR UPDATE`;
  const byId = new Map(current.map((v) => [v.id, v]));
  let countChanged = false;
  for (const [i, v] of variants.entries()) {
    if (v.id === undefined) continue;
    const stored = byId.get(v.id);
    if (!stored) throw new AppError("bad_request", VARIANT_NOT_FOUND, { [`variants.${i}.id`]: VARIANT_NOT_FOUND });
    if (v.stock === stored.stock) continue;
    const message = stockMovedMessage(stored.stock);
    if (v.stockWas !== undefined && v.stockWas !== stored.stock) throw new AppError("conflict", `${stored.sku}: ${message}`, { [`variants.${i}.stock`]: message });
    if (stored.stock !== null && v.stock !== null && !stockReason) throw new AppError("bad_request", STOCK_REASON_REQUIRED, { stockReason: STOCK_REASON_REQUIRED });
    countChanged = true;
  }
  const kept = new Set(variants.flatMap((v) => (v.id === undefined ? [] : [v.id])));
  const gone = current.filter((v) => !kept.has(v.id)).map((v) => v.id);
  if (gone.length) await tx.productVariant.deleteMany({ where: { id: { in: gone } } });
  // SKUs may move between the variants of one save: clear the changed ones first, so no update meets a SKU about to be freed.
  const moving = variants.filter((v) => v.id !== undefined && byId.get(v.id)!.sku !== v.sku);
  for (const v of moving) await tx.productVariant.update({ where: { id: v.id }, data: { sku: `~${v.id}` } });
  for (const [position, v] of variants.entries()) {
    if (v.id !== undefined) await tx.productVariant.update({ where: { id: v.id }, data: variantRow(v, position) });
    else await tx.productVariant.create({ data: { ...variantRow(v, position), productId } });
  }
  return countChanged;
}

// ─── products ────────────────────────────────────────────────────────────────

/**
 * A piece a live order holds (lib/inventory/pieces.ts) cannot be marked unsold from the product form:
 * the form always sends `sold`, so one loaded before the sale would put a paid piece back on sale.
 * Cancelling that order with "put back on sale" does it; a cancelled holder lets go here too.
 */
function assertNotUnsellingHeldPiece(current: { name: string; sold: boolean; soldOrder: { orderNumber: string; status: string } | null }, soldAfter: boolean) {
  if (!current.sold || soldAfter || !current.soldOrder || current.soldOrder.status === "cancelled") return;
  const message = `“${current.name}” was bought in order ${current.soldOrder.orderNumber}: it cannot be marked unsold here. Cancel that order with “put back on sale” to sell it again.`;
  throw new AppError("conflict", message, { sold: message });
}

export async function getAdminProduct(id: number | string): Promise<AdminProductDTO> {
  const product = await findAdminProduct(toId(id, PRODUCT_NOT_FOUND));
  if (!product) throw new AppError("not_found", PRODUCT_NOT_FOUND);
  return product;
}

/** Creates a product (also a clone, which may have no images yet). */
export async function createProduct(
  input: ProductData & Partial<PackageData>,
  opts: { commissionId?: number; audit?: (tx: Prisma.TransactionClient, productId: number) => Promise<unknown> } = {},
): Promise<AdminProductDTO> {
  const { pkg, rest: data } = splitPackage(input);
  await assertCategoryExists(data.categoryId);
  await assertProductSlugFree(data.slug);
  const packageFields = await packageRow(pkg, data.giftCard);
  await assertVariantBoxes(data.variants);
  const { images, clone: _clone, variants, options, ...fields } = { ...data, ...packageFields };
  let id: number;
  try {
    id = await prisma.$transaction(async (tx) => {
      const created = await tx.product.create({
        data: { ...fields, options, images: { create: imageRows(images) }, variants: { create: variants.map(variantRow) }, ...(opts.commissionId ? { commissionId: opts.commissionId } : {}) },
        select: { id: true },
      });
      await recordAudit({ entityType: "product", entityId: created.id, action: "create", before: null, after: await auditSnapshot(() => findAdminProduct(created.id, tx)) }, tx);
      // A caller's own record of the same write (a commission published to the gallery), in its transaction.
      await opts.audit?.(tx, created.id);
      return created.id;
    });
  } catch (error) {
    const sku = skuConflict(error);
    if (sku) throw sku;
    if (isUniqueViolation(error)) throw slugConflict(PRODUCT_SLUG_TAKEN);
    throw error;
  }
  await expireCatalog({ slugs: [data.slug], gallery: data.showInGallery });
  return getAdminProduct(id);
}

/**
 * Updates the given fields. Sent images replace the current ones, in order.
 * Sold only holds for one-of-a-kind pieces and the gallery flag only for sold
 * ones, judged on the flags as they are after this update.
 */
export async function updateProduct(id: number | string, input: ProductUpdateData & Partial<PackageData>): Promise<AdminProductDTO> {
  const productId = toId(id, PRODUCT_NOT_FOUND);
  const { pkg, rest: data } = splitPackage(input);
  if (data.categoryId !== undefined) await assertCategoryExists(data.categoryId);
  const { images, kind, stock, leadTimeMinDays, leadTimeMaxDays, allowBackorder, stockReason, stockWas, options, variants, ...fields } = data;
  const stockPatch = { kind, uniqueItem: fields.uniqueItem, stock, leadTimeMinDays, leadTimeMaxDays, allowBackorder };
  let before: { slug: string; showInGallery: boolean };
  let showInGallery: boolean;
  try {
    ({ before, showInGallery } = await prisma.$transaction(async (tx) => {
      // Lock the row: checkout claims unique pieces with a conditional update of the same row,
      // so the flags read here cannot change before this update is written.
      const locked = await tx.$queryRaw<Array<{ id: number }>>`SELECT "id" FROM "Product" WHERE "id" = ${productId} FOR UPDATE`;
      if (!locked.length) throw new AppError("not_found", PRODUCT_NOT_FOUND);
      const current = await tx.product.findUniqueOrThrow({
        where: { id: productId },
        select: {
          slug: true,
          name: true,
          uniqueItem: true,
          sold: true,
          showInGallery: true,
          stock: true,
          leadTimeMinDays: true,
          leadTimeMaxDays: true,
          allowBackorder: true,
          giftCard: true,
          soldOrder: { select: { orderNumber: true, status: true } },
          _count: { select: { variants: true } },
        },
      });
      // A product with variants (as saved now, or as stored when they are not sent) is made to order as a product, its counts on its variants.
      const hasVariants = variants ? variants.length > 0 : current._count.variants > 0;
      if (images && variants?.length) {
        const bad = variants.findIndex((v) => v.image && !images.some((image) => image.url === v.image));
        if (bad !== -1) throw new AppError("bad_request", VARIANT_IMAGE_MESSAGE, { [`variants.${bad}.image`]: VARIANT_IMAGE_MESSAGE });
      }
      const resolved = hasVariants
        ? kind === "one_of_a_kind" || kind === "in_stock" || kind === "gift_card" || fields.uniqueItem === true || (stock !== undefined && stock !== null) || allowBackorder === true
          ? {
              ok: false as const,
              fields: { kind: kind === "gift_card" ? GIFT_CARD_WITH_VARIANTS : kind === "in_stock" || stock != null || allowBackorder ? VARIANT_COUNTS_MESSAGE : UNIQUE_WITH_VARIANTS },
            }
          : { ok: true as const, value: { uniqueItem: false, stock: null, leadTimeMinDays: null, leadTimeMaxDays: null, allowBackorder: false, giftCard: false } }
        : resolveStock(current, stockPatch);
      if (!resolved.ok) throw new AppError("bad_request", Object.values(resolved.fields)[0], resolved.fields);
      const stockFields = resolved.value;
      let stockChanged = stockFields.stock !== current.stock;
      if (stockChanged && stockWas !== undefined && stockWas !== current.stock) throw new AppError("conflict", stockMovedMessage(current.stock), { stock: stockMovedMessage(current.stock) });
      if (stockChanged && current.stock !== null && stockFields.stock !== null && !stockReason) throw new AppError("bad_request", STOCK_REASON_REQUIRED, { stockReason: STOCK_REASON_REQUIRED });
      const packageFields = await packageRow(pkg, stockFields.giftCard, tx);
      if (variants) await assertVariantBoxes(variants, tx);
      const audited = await auditSnapshot(() => findAdminProduct(productId, tx));
      if (data.slug !== undefined && data.slug !== current.slug) {
        const taken = await tx.product.findUnique({ where: { slug: data.slug }, select: { id: true } });
        if (taken) throw slugConflict(PRODUCT_SLUG_TAKEN);
      }
      const uniqueItem = stockFields.uniqueItem;
      const sold = uniqueItem && (data.sold ?? current.sold);
      assertNotUnsellingHeldPiece(current, sold);
      const gallery = sold && (data.showInGallery ?? current.showInGallery);
      // Only flags that were sent or that the rules change are written.
      // A piece the maker marks unsold is no longer held by the order that bought it.
      const flags = {
        ...(sold !== current.sold || data.sold !== undefined ? { sold, ...(sold ? {} : { soldOrderId: null }) } : {}),
        ...(gallery !== current.showInGallery || data.showInGallery !== undefined ? { showInGallery: gallery } : {}),
      };
      // A product with variants is listed and sorted at its lowest variant's price.
      const price = variants?.length ? lowestPrice(variants) : undefined;
      await tx.product.update({ where: { id: productId }, data: { ...fields, ...packageFields, ...stockFields, ...flags, ...(options && variants ? { options } : {}), ...(price ? { price } : {}) } });
      if (variants) stockChanged = (await writeVariants(tx, productId, variants, stockReason)) || stockChanged;
      if (images) {
        await tx.productImage.deleteMany({ where: { productId } });
        await tx.productImage.createMany({ data: imageRows(images).map((row) => ({ ...row, productId })) });
      }
      const after = await auditSnapshot(() => findAdminProduct(productId, tx));
      // A stock adjustment carries its reason into the audit row.
      await recordAudit({ entityType: "product", entityId: productId, action: "update", before: audited, after: after && stockChanged && stockReason ? { ...after, stockReason } : after }, tx);
      return { before: current, showInGallery: gallery };
    }));
  } catch (error) {
    const sku = skuConflict(error);
    if (sku) throw sku;
    if (isUniqueViolation(error)) throw slugConflict(PRODUCT_SLUG_TAKEN);
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") throw new AppError("not_found", PRODUCT_NOT_FOUND);
    throw error;
  }
  const slugs = [...new Set([before.slug, data.slug ?? before.slug])];
  await expireCatalog({ slugs, gallery: before.showInGallery || showInGallery });
  return getAdminProduct(productId);
}

/** What a product weighs and measures alone (PUT /api/admin/products/{id}/package): the same update, audited, nothing else changed. */
export async function updateProductPackage(id: number | string, pkg: PackageData): Promise<AdminProductDTO> {
  return updateProduct(id, { ...productUpdateSchema.parse({}), ...pkg });
}

/** Deletes a product; its images and cart lines go with it, order lines keep their copy of name and price. */
export async function deleteProduct(id: number | string): Promise<{ id: number }> {
  const productId = toId(id, PRODUCT_NOT_FOUND);
  let deleted: { slug: string; showInGallery: boolean };
  try {
    deleted = await prisma.$transaction(async (tx) => {
      const before = await auditSnapshot(() => findAdminProduct(productId, tx));
      const row = await tx.product.delete({ where: { id: productId }, select: { slug: true, showInGallery: true } });
      await recordAudit({ entityType: "product", entityId: productId, action: "delete", before, after: null }, tx);
      return row;
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") throw new AppError("not_found", PRODUCT_NOT_FOUND);
    throw error;
  }
  await expireCatalog({ slugs: [deleted.slug], gallery: deleted.showInGallery });
  return { id: productId };
}

// ─── categories ──────────────────────────────────────────────────────────────

export async function getAdminCategory(id: number | string): Promise<AdminCategoryDTO> {
  const category = await findAdminCategory(toId(id, CATEGORY_NOT_FOUND));
  if (!category) throw new AppError("not_found", CATEGORY_NOT_FOUND);
  return category;
}

export async function createCategory(data: CategoryData): Promise<AdminCategoryDTO> {
  await assertCategorySlugFree(data.slug);
  let id: number;
  try {
    id = await prisma.$transaction(async (tx) => {
      const created = await tx.category.create({ data, select: { id: true } });
      await recordAudit({ entityType: "category", entityId: created.id, action: "create", before: null, after: await auditSnapshot(() => findAdminCategory(created.id, tx)) }, tx);
      return created.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugConflict(CATEGORY_SLUG_TAKEN);
    throw error;
  }
  await expireCatalog({ categories: true });
  return getAdminCategory(id);
}

/** Updates the given fields; `{ active }` alone is the card's toggle. */
export async function updateCategory(id: number | string, data: CategoryUpdateData): Promise<AdminCategoryDTO> {
  const categoryId = toId(id, CATEGORY_NOT_FOUND);
  const current = await prisma.category.findUnique({ where: { id: categoryId }, select: { slug: true } });
  if (!current) throw new AppError("not_found", CATEGORY_NOT_FOUND);
  if (data.slug !== undefined && data.slug !== current.slug) await assertCategorySlugFree(data.slug, categoryId);
  try {
    await prisma.$transaction(async (tx) => {
      const before = await auditSnapshot(() => findAdminCategory(categoryId, tx));
      await tx.category.update({ where: { id: categoryId }, data });
      await recordAudit({ entityType: "category", entityId: categoryId, action: "update", before, after: await auditSnapshot(() => findAdminCategory(categoryId, tx)) }, tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugConflict(CATEGORY_SLUG_TAKEN);
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") throw new AppError("not_found", CATEGORY_NOT_FOUND);
    throw error;
  }
  // Category names, slugs and visibility show on product pages, listings and the gallery.
  await expireCatalog({ categories: true, gallery: true });
  return getAdminCategory(categoryId);
}

/** Deletes an empty category; one that still holds products (active or not) is refused. */
export async function deleteCategory(id: number | string): Promise<{ id: number }> {
  const categoryId = toId(id, CATEGORY_NOT_FOUND);
  const category = await prisma.category.findUnique({ where: { id: categoryId }, select: { _count: { select: { products: true } } } });
  if (!category) throw new AppError("not_found", CATEGORY_NOT_FOUND);
  if (category._count.products > 0) throw new AppError("conflict", CATEGORY_HAS_PRODUCTS);
  try {
    await prisma.$transaction(async (tx) => {
      const before = await auditSnapshot(() => findAdminCategory(categoryId, tx));
      await tx.category.delete({ where: { id: categoryId } });
      await recordAudit({ entityType: "category", entityId: categoryId, action: "delete", before, after: null }, tx);
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError) {
      // A product added since the check: the foreign key (onDelete: Restrict) refuses the delete.
      if (error.code === "P2003" || error.code === "P2014") throw new AppError("conflict", CATEGORY_HAS_PRODUCTS);
      if (error.code === "P2025") throw new AppError("not_found", CATEGORY_NOT_FOUND);
    }
    throw error;
  }
  await expireCatalog({ categories: true, gallery: true });
  return { id: categoryId };
}
