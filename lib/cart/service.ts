import "server-only";
import { prisma, Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { CART_MESSAGES, MAX_LINE_QUANTITY, onlyLeftMessage, SOLD_OUT_MESSAGE, unavailableMessage, type CartErrorCode, type UnavailableCode } from "@/lib/cart/messages";
import { availabilityOf, lineAvailability, maxOrderQuantity, shipDays, shippingPromise, type DayRange, type StockFields } from "@/lib/catalog/stock";
import { cartLineParamsSchema, sessionIdSchema, type CartCheck, type CartLine } from "@/lib/cart/schemas";
import { fromCents, toCents } from "@/lib/money";
import type { ServerCartLine } from "@/lib/cart/types";
import { parseOrThrow } from "@/lib/validation";

/**
 * The server copy of a shopper's cart (CartItem rows keyed by sessionId) and
 * the availability rules behind it. Prices always come from the database.
 */

export type ServerCart = { sessionId: string; items: ServerCartLine[]; subtotal: string; count: number };
export type CartCheckLine = { productId: number; price: string | null; unavailable: string | null; ships: string | null; shipDays: DayRange | null };

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

const stockSelect = { stock: true, allowBackorder: true, leadTimeMinDays: true, leadTimeMaxDays: true } as const;

const cartError = (status: "not_found" | "conflict", code: CartErrorCode, message: string) => new AppError(status, message, undefined, { code });

const purchasableSelect = { id: true, active: true, sold: true, uniqueItem: true, ...stockSelect, category: { select: { active: true } } } as const;

/** Loads a product a shopper may put in a cart: 404 when missing or hidden, 409 when sold or sold out. */
async function requirePurchasable(tx: Prisma.TransactionClient, productId: number) {
  const product = await tx.product.findUnique({ where: { id: productId }, select: purchasableSelect });
  if (!product || !product.active || !product.category.active) throw cartError("not_found", "not_found", CART_MESSAGES.productNotFound);
  if (product.sold) throw cartError("conflict", "sold", CART_MESSAGES.productSold);
  if (availabilityOf(product).state === "sold_out") throw cartError("conflict", "sold_out", SOLD_OUT_MESSAGE);
  return product;
}

/** An in-stock product without backorder: a line may not ask for more than is left (409, naming the count). */
function assertWithinStock(product: StockFields, quantity: number) {
  const max = maxOrderQuantity(product);
  if (!product.uniqueItem && max !== null && quantity > max) throw new AppError("conflict", onlyLeftMessage(max), undefined, { code: "stock_limit" satisfies CartErrorCode, left: max });
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/** Adds units of a product; an existing line grows. A one-of-a-kind piece can be in a cart once. */
export async function addToServerCart({ sessionId, productId, quantity }: CartLine): Promise<ServerCart> {
  const key = { sessionId_productId: { sessionId, productId } };
  try {
    await prisma.$transaction(async (tx) => {
      const product = await requirePurchasable(tx, productId);
      const existing = await tx.cartItem.findUnique({ where: key, select: { quantity: true } });
      if (product.uniqueItem) {
        if (existing) throw cartError("conflict", "duplicate_unique", CART_MESSAGES.duplicateUnique);
        if (quantity > 1) throw cartError("conflict", "unique_limit", CART_MESSAGES.uniqueLimit);
        await tx.cartItem.create({ data: { sessionId, productId, quantity: 1 } });
        return;
      }
      const total = (existing?.quantity ?? 0) + quantity;
      if (total > MAX_LINE_QUANTITY) throw new AppError("bad_request", `Quantity must be at most ${MAX_LINE_QUANTITY}`);
      assertWithinStock(product, total);
      await tx.cartItem.upsert({ where: key, create: { sessionId, productId, quantity }, update: { quantity: total } });
    });
  } catch (error) {
    // Two requests racing to create the same line: the loser's insert hits @@unique([sessionId, productId]).
    if (isUniqueViolation(error)) throw cartError("conflict", "duplicate_unique", CART_MESSAGES.duplicateUnique);
    throw error;
  }
  return getServerCart(sessionId);
}

/** Sets a line's quantity (creating the line if needed); one-of-a-kind pieces are limited to 1. */
export async function setServerCartQuantity({ sessionId, productId, quantity }: CartLine): Promise<ServerCart> {
  const product = await requirePurchasable(prisma, productId);
  if (product.uniqueItem && quantity > 1) throw cartError("conflict", "unique_limit", CART_MESSAGES.uniqueLimit);
  assertWithinStock(product, quantity);
  try {
    await prisma.cartItem.upsert({
      where: { sessionId_productId: { sessionId, productId } },
      create: { sessionId, productId, quantity },
      update: { quantity },
    });
  } catch (error) {
    // A concurrent insert of the same line won: setting an absolute quantity is safe to repeat.
    if (!isUniqueViolation(error)) throw error;
    await prisma.cartItem.update({ where: { sessionId_productId: { sessionId, productId } }, data: { quantity } });
  }
  return getServerCart(sessionId);
}

/** Removes a line; removing a line that is not there is not an error. */
export async function removeFromServerCart(sessionId: unknown, productId: unknown): Promise<ServerCart> {
  const params = parseOrThrow(cartLineParamsSchema, { sessionId, productId });
  await prisma.cartItem.deleteMany({ where: { sessionId: params.sessionId, productId: params.productId } });
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
          ...stockSelect,
          category: { select: { active: true } },
          images: { orderBy: [{ position: "asc" }, { id: "asc" }], take: 1, select: { url: true } },
        },
      },
    },
  });
  const items: ServerCartLine[] = rows.map(({ product, productId, quantity }) => {
    const reason = unavailableReason(product, quantity);
    const availability = lineAvailability(product, quantity);
    const days = shipDays(availability);
    return {
      ships: shippingPromise(availability),
      ...(days ? { shipDays: days } : {}),
      productId,
      slug: product.slug,
      name: product.name,
      price: product.price.toFixed(2),
      image: product.images[0]?.url ?? null,
      quantity,
      uniqueItem: product.uniqueItem,
      available: reason === null,
      unavailableReason: reason,
    };
  });
  const subtotal = items.filter((i) => i.available).reduce((sum, i) => sum + toCents(i.price) * i.quantity, 0);
  return { sessionId, items, subtotal: fromCents(subtotal), count: items.reduce((sum, i) => sum + i.quantity, 0) };
}

/** Re-prices a client cart from the database and says which lines can no longer be bought (sold, withdrawn, missing). */
export async function checkCartItems({ items }: CartCheck): Promise<{ items: CartCheckLine[] }> {
  const ids = [...new Set(items.map((i) => i.productId))];
  const products = ids.length
    ? await prisma.product.findMany({
        where: { id: { in: ids } },
        select: { id: true, price: true, active: true, sold: true, uniqueItem: true, ...stockSelect, category: { select: { active: true } } },
      })
    : [];
  const byId = new Map(products.map((p) => [p.id, p]));
  return {
    items: items.map(({ productId, quantity }) => {
      const product = byId.get(productId);
      // A withdrawn, sold or sold-out product promises nothing.
      const code = unavailableCode(product, quantity);
      const availability = product && (code === null || code === "short") ? lineAvailability(product, quantity) : null;
      return {
        productId,
        price: product ? product.price.toFixed(2) : null,
        unavailable: unavailableReason(product, quantity),
        ships: availability ? shippingPromise(availability) : null,
        shipDays: availability ? shipDays(availability) : null,
      };
    }),
  };
}
