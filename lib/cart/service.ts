import "server-only";
import { prisma, Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import {
  CART_MESSAGES,
  CART_SERVER_MESSAGES,
  MAX_LINE_QUANTITY,
  onlyLeftMessage,
  SOLD_OUT_MESSAGE,
  unavailableMessage,
  VARIANT_MESSAGES,
  type CartErrorCode,
  type UnavailableCode,
} from "@/lib/cart/messages";
import { readOptions } from "@/lib/catalog/mappers";
import { variantLabel, variantStock } from "@/lib/catalog/variants";
import { availabilityOf, lineAvailability, maxOrderQuantity, shipDays, shippingPromise, STOCK_FIELDS, type DayRange, type StockFields } from "@/lib/inventory/stock";
import { cartLineParamsSchema, sessionIdSchema, type CartCheck, type CartLine } from "@/lib/cart/schemas";
import { fromCents, toCents } from "@/lib/money";
import type { ServerCartLine } from "@/lib/cart/types";
import { parseOrThrow } from "@/lib/validation";

/**
 * The server copy of a shopper's cart (CartItem rows keyed by sessionId) and
 * the availability rules behind it. Prices always come from the database.
 */

export type ServerCart = { sessionId: string; items: ServerCartLine[]; subtotal: string; count: number };
export type CartCheckLine = {
  productId: number;
  variantId?: number;
  price: string | null;
  unavailable: string | null;
  ships: string | null;
  shipDays: DayRange | null;
  /** A gift card: ships nothing (the browser's totals leave it out of shipping). */
  giftCard?: boolean;
};

type ProductState = StockFields & { active: boolean; category: { active: boolean } };

/** Why a product can no longer be bought (in this quantity), or null when it can. */
function unavailableCode(p: ProductState | null | undefined, quantity = 1): UnavailableCode | null {
  if (!p || !p.active || !p.category.active) return "inactive";
  if (p.sold) return "sold";
  if (availabilityOf(p).state === "sold_out") return "sold_out";
  const max = maxOrderQuantity(p);
  if (!p.uniqueItem && max !== null && quantity > max) return "short";
  return null;
}

/** The shopper-facing text for a line that can no longer be bought as it is, or null. */
function unavailableReason(p: ProductState | null | undefined, quantity = 1): string | null {
  const code = unavailableCode(p, quantity);
  return code ? unavailableMessage(code, p ? (maxOrderQuantity(p) ?? 0) : 0) : null;
}

/** A product's own: its stock fields and whether it is a gift card (a variant never is). */
const productStockSelect = { ...STOCK_FIELDS, giftCard: true } as const;

const cartError = (status: "not_found" | "conflict" | "bad_request", code: CartErrorCode, message: string) => new AppError(status, message, undefined, { code });

const purchasableSelect = { id: true, active: true, sold: true, uniqueItem: true, ...productStockSelect, category: { select: { active: true } }, _count: { select: { variants: true } } } as const;

/**
 * What a line is sold as: the product itself, or for a product with variants the chosen variant's
 * stock fields under the product's visibility (a variant is never one of a kind). Null when the
 * line's variant is gone.
 */
function lineState<P extends ProductState>(
  product: P,
  variant: Pick<StockFields, "stock" | "leadTimeMinDays" | "leadTimeMaxDays" | "allowBackorder"> | null | undefined,
  variantId: number | null | undefined,
): ProductState | null {
  if (!variantId) return product;
  if (!variant) return null;
  return { ...variantStock(variant), active: product.active, category: product.category };
}

/**
 * Loads what a shopper may put in a cart: 404 when the product is missing or hidden, 400 when a
 * product with variants comes without one or with another product's (or a variant for a product
 * without), 409 when sold or sold out. Returns the line's stock state.
 */
async function requirePurchasable(tx: Prisma.TransactionClient, productId: number, variantId: number | null | undefined) {
  const product = await tx.product.findUnique({ where: { id: productId }, select: purchasableSelect });
  if (!product || !product.active || !product.category.active) throw cartError("not_found", "not_found", CART_SERVER_MESSAGES.productNotFound);
  if (product.sold) throw cartError("conflict", "sold", CART_SERVER_MESSAGES.productSold);
  let state: ProductState = product;
  if (variantId) {
    const variant = await tx.productVariant.findUnique({ where: { id: variantId }, select: { productId: true, ...STOCK_FIELDS } });
    if (!variant || variant.productId !== productId) throw cartError("bad_request", "variant_mismatch", VARIANT_MESSAGES.mismatch);
    state = lineState(product, variant, variantId)!;
  } else if (product._count.variants > 0) {
    throw cartError("bad_request", "variant_required", VARIANT_MESSAGES.required);
  }
  if (availabilityOf(state).state === "sold_out") throw cartError("conflict", "sold_out", SOLD_OUT_MESSAGE);
  return state;
}

/** An in-stock product (or variant) without backorder: a line may not ask for more than is left (409, naming the count). */
function assertWithinStock(product: StockFields, quantity: number) {
  const max = maxOrderQuantity(product);
  if (!product.uniqueItem && max !== null && quantity > max) throw new AppError("conflict", onlyLeftMessage(max), undefined, { code: "stock_limit" satisfies CartErrorCode, left: max });
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/** The stored line of a product (and variant): one per session, product and variant (a unique index each way, see the schema). */
const lineWhere = (sessionId: string, productId: number, variantId: number | null | undefined) => ({ sessionId, productId, variantId: variantId ?? null });

/** Adds units of a product (or of one of its variants); an existing line grows. A one-of-a-kind piece can be in a cart once. */
export async function addToServerCart({ sessionId, productId, variantId, quantity }: CartLine): Promise<ServerCart> {
  const where = lineWhere(sessionId, productId, variantId);
  try {
    await prisma.$transaction(async (tx) => {
      const product = await requirePurchasable(tx, productId, variantId);
      const existing = await tx.cartItem.findFirst({ where, select: { id: true, quantity: true } });
      if (product.uniqueItem) {
        if (existing) throw cartError("conflict", "duplicate_unique", CART_MESSAGES.duplicateUnique);
        if (quantity > 1) throw cartError("conflict", "unique_limit", CART_SERVER_MESSAGES.uniqueLimit);
        await tx.cartItem.create({ data: { ...where, quantity: 1 } });
        return;
      }
      const total = (existing?.quantity ?? 0) + quantity;
      if (total > MAX_LINE_QUANTITY) throw new AppError("bad_request", `Quantity must be at most ${MAX_LINE_QUANTITY}`);
      assertWithinStock(product, total);
      if (existing) await tx.cartItem.update({ where: { id: existing.id }, data: { quantity: total } });
      else await tx.cartItem.create({ data: { ...where, quantity } });
    });
  } catch (error) {
    // Two requests racing to create the same line: the loser's insert hits the line's unique index.
    if (isUniqueViolation(error)) throw cartError("conflict", "duplicate_unique", CART_MESSAGES.duplicateUnique);
    throw error;
  }
  return getServerCart(sessionId);
}

/** Sets a line's quantity (creating the line if needed); one-of-a-kind pieces are limited to 1. */
export async function setServerCartQuantity({ sessionId, productId, variantId, quantity }: CartLine): Promise<ServerCart> {
  const product = await requirePurchasable(prisma, productId, variantId);
  if (product.uniqueItem && quantity > 1) throw cartError("conflict", "unique_limit", CART_SERVER_MESSAGES.uniqueLimit);
  assertWithinStock(product, quantity);
  const where = lineWhere(sessionId, productId, variantId);
  const { count } = await prisma.cartItem.updateMany({ where, data: { quantity } });
  if (count === 0) {
    try {
      await prisma.cartItem.create({ data: { ...where, quantity } });
    } catch (error) {
      // A concurrent insert of the same line won: setting an absolute quantity is safe to repeat.
      if (!isUniqueViolation(error)) throw error;
      await prisma.cartItem.updateMany({ where, data: { quantity } });
    }
  }
  return getServerCart(sessionId);
}

/** Removes a line (of a product, or of one of its variants with `variantId`); removing a line that is not there is not an error. */
export async function removeFromServerCart(sessionId: unknown, productId: unknown, variantId?: unknown): Promise<ServerCart> {
  const params = parseOrThrow(cartLineParamsSchema, { sessionId, productId, ...(variantId !== undefined && variantId !== null ? { variantId } : {}) });
  await prisma.cartItem.deleteMany({ where: lineWhere(params.sessionId, params.productId, params.variantId) });
  return getServerCart(params.sessionId);
}

/** The stored cart of a session, each line flagged when it can no longer be bought; the subtotal counts available lines only. */
export async function getServerCart(sessionIdInput: unknown): Promise<ServerCart> {
  const sessionId = parseOrThrow(sessionIdSchema, sessionIdInput);
  const rows = await prisma.cartItem.findMany({
    where: { sessionId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: {
      product: {
        select: {
          slug: true,
          name: true,
          price: true,
          uniqueItem: true,
          active: true,
          sold: true,
          options: true,
          ...productStockSelect,
          category: { select: { active: true } },
          images: { orderBy: [{ position: "asc" }, { id: "asc" }], take: 1, select: { url: true } },
        },
      },
      variant: { select: { price: true, optionValues: true, image: true, ...STOCK_FIELDS } },
    },
  });
  const items: ServerCartLine[] = rows.map(({ product, productId, variantId, variant, quantity }) => {
    const state = lineState(product, variant, variantId) ?? { ...product, active: false };
    const reason = unavailableReason(state, quantity);
    const availability = lineAvailability(state, quantity);
    const days = shipDays(availability);
    return {
      ships: shippingPromise(availability),
      ...(days ? { shipDays: days } : {}),
      productId,
      ...(variant ? { variantId, variantLabel: variantLabel(readOptions(product.options), Array.isArray(variant.optionValues) ? variant.optionValues.map(String) : []) } : {}),
      slug: product.slug,
      name: product.name,
      price: (variant ?? product).price.toFixed(2),
      image: variant?.image ?? product.images[0]?.url ?? null,
      quantity,
      uniqueItem: product.uniqueItem,
      ...(product.giftCard ? { giftCard: true } : {}),
      available: reason === null,
      unavailableReason: reason,
    };
  });
  const subtotal = items.filter((i) => i.available).reduce((sum, i) => sum + toCents(i.price) * i.quantity, 0);
  return { sessionId, items, subtotal: fromCents(subtotal), count: items.reduce((sum, i) => sum + i.quantity, 0) };
}

/**
 * Re-prices a client cart from the database (a variant at its own price) and says which lines can
 * no longer be bought (sold, withdrawn, missing; a variant deleted, or not this product's).
 */
export async function checkCartItems({ items }: CartCheck): Promise<{ items: CartCheckLine[] }> {
  const ids = [...new Set(items.map((i) => i.productId))];
  const variantIds = [...new Set(items.flatMap((i) => (i.variantId ? [i.variantId] : [])))];
  const products = ids.length
    ? await prisma.product.findMany({
        where: { id: { in: ids } },
        select: { id: true, price: true, active: true, sold: true, uniqueItem: true, ...productStockSelect, category: { select: { active: true } }, _count: { select: { variants: true } } },
      })
    : [];
  const variants = variantIds.length ? await prisma.productVariant.findMany({ where: { id: { in: variantIds } }, select: { id: true, productId: true, price: true, ...STOCK_FIELDS } }) : [];
  const byId = new Map(products.map((p) => [p.id, p]));
  const variantById = new Map(variants.map((v) => [v.id, v]));
  return {
    items: items.map(({ productId, variantId, quantity }) => {
      const product = byId.get(productId);
      const variant = variantId ? variantById.get(variantId) : undefined;
      const ours = variant && variant.productId === productId ? variant : undefined;
      // A product with variants needs one of its own: otherwise the line is gone (withdrawn).
      const state = product && (variantId ? ours : product._count.variants === 0) ? lineState(product, ours, variantId) : null;
      // A withdrawn, sold or sold-out product promises nothing.
      const code = unavailableCode(state, quantity);
      const availability = state && (code === null || code === "short") ? lineAvailability(state, quantity) : null;
      return {
        productId,
        ...(variantId ? { variantId } : {}),
        price: state ? (ours ?? product!).price.toFixed(2) : null,
        unavailable: unavailableReason(state, quantity),
        ships: availability ? shippingPromise(availability) : null,
        shipDays: availability ? shipDays(availability) : null,
        ...(product?.giftCard ? { giftCard: true } : {}),
      };
    }),
  };
}
