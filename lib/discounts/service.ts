import "server-only";
import { lineKey } from "@/lib/cart/types";
import { entityIdOrNotFound } from "@/lib/admin/ids";
import { auditSnapshot, recordAudit } from "@/lib/audit/service";
import { prisma, Prisma } from "@/lib/db";
import type { DiscountCodeInput } from "@/lib/discounts/schemas";
import { customerEmailKey, priceDiscountLines, type DiscountKind, type DiscountTerms } from "@/lib/discounts/rules";
import { AppError } from "@/lib/errors";
import { formatMoney, fromCents, decimalToCents, toCents, type Cents } from "@/lib/money";

/**
 * Discount codes: pricing a code for a cart (nothing claimed), claiming
 * one use in the order's transaction (never over-redeemed), giving it back when the
 * order is cancelled, and the admin's writes. The amounts are lib/discounts/rules.ts.
 *
 * The claim is a conditional increment, `uses < usageLimit`, on the code's row: two
 * checkouts claiming the last use wait for each other on that row and the second
 * finds the limit reached; the per-email count is read under the same row lock; the
 * order's use is a unique row (one code per order). The caller rolls back on refusal.
 */
type Tx = Prisma.TransactionClient;
type CodeRow = Prisma.DiscountCodeGetPayload<object>;

/** A cart line as the server priced it (lib/checkout CheckoutLine). */
export type CodeLine = { productId: number; price: string; quantity: number; uniqueItem: boolean; giftCard?: boolean };
export type PricedDiscount = { code: string; merchandise: Cents; freeShipping: boolean; perLine: Record<string, Cents> };

/** Why a code cannot be used now; each has one sentence for the shopper (refusalMessage). */
export type DiscountRefusal = "unknown" | "not_started" | "expired" | "used_up" | "email_used" | "minimum" | "no_eligible_lines" | "nothing_off";

/**
 * Refusals a stranger must not tell apart: that an address has ordered with a code
 * (email_used), that a future code exists (not_started), or which codes ever existed (expired,
 * unknown) — one sentence and one public reason for all four, in the check and at checkout.
 */
const UNSPOKEN: ReadonlySet<DiscountRefusal> = new Set(["unknown", "not_started", "expired", "email_used"]);
export type PublicDiscountRefusal = Exclude<DiscountRefusal, "unknown" | "not_started" | "expired" | "email_used"> | "unavailable";
export const publicRefusal = (refusal: DiscountRefusal): PublicDiscountRefusal => (UNSPOKEN.has(refusal) ? "unavailable" : (refusal as PublicDiscountRefusal));

export function refusalMessage(refusal: DiscountRefusal, code: string, minSubtotal = 0): string {
  switch (refusal) {
    case "unknown":
    case "not_started":
    case "expired":
    case "email_used":
      return `The code “${code}” can't be used for this order.`;
    case "used_up":
      return `The code “${code}” has been used as many times as it can be.`;
    case "minimum":
      return `The code “${code}” needs a subtotal of at least ${formatMoney(minSubtotal)}.`;
    case "no_eligible_lines":
      return `The code “${code}” does not apply to the items in your cart.`;
    case "nothing_off":
      return `The code “${code}” takes nothing off this order (its shipping is already free), so it was not applied.`;
  }
}

const refuse = (refusal: DiscountRefusal, code: string, minSubtotal = 0) => {
  const message = refusalMessage(refusal, code, minSubtotal);
  return new AppError("conflict", message, { discountCode: message }, { discountRefusal: publicRefusal(refusal) });
};

const termsOf = (row: CodeRow): DiscountTerms => ({
  kind: row.kind as DiscountKind,
  percentOff: row.percentOff,
  amountOff: row.amountOff ? decimalToCents(row.amountOff) : null,
  includeUniquePieces: row.includeUniquePieces,
  categoryIds: Array.isArray(row.categoryIds) ? (row.categoryIds as unknown[]).filter((n): n is number => Number.isInteger(n)) : [],
});

/** Open for use at `now`: active, within its dates. */
function windowRefusal(row: Pick<CodeRow, "active" | "startsAt" | "endsAt">, now: Date): DiscountRefusal | null {
  if (!row.active) return "unknown";
  if (row.startsAt && row.startsAt > now) return "not_started";
  if (row.endsAt && row.endsAt <= now) return "expired";
  return null;
}

/** Live uses by one customer: addresses compared as one customer's (customerEmailKey: case, `+tag`, Gmail's dots). */
const liveUsesByEmail = (db: Tx | typeof prisma, discountCodeId: number, email: string) => db.discountRedemption.count({ where: { discountCodeId, email: customerEmailKey(email), releasedAt: null } });

/** A code priced for a cart that would take $0.00 off it (free shipping where shipping is already free): refused, so it is not applied and uses nothing. */
export function refuseNothingOff(code: string): never {
  throw refuse("nothing_off", code);
}

/**
 * What `code` takes off these lines now (throws 409 naming why it cannot be used).
 * Checks the dates, the usage limits as they stand (the claim is the real check),
 * the minimum subtotal and which lines it applies to.
 */
export async function priceDiscountCode(code: string, cartLines: ReadonlyArray<CodeLine>, opts: { email?: string | null; now?: Date } = {}): Promise<PricedDiscount> {
  const now = opts.now ?? new Date();
  // Gift cards are money, not merchandise: no code takes anything off them or counts them.
  const lines = cartLines.filter((l) => !l.giftCard);
  const row = await prisma.discountCode.findUnique({ where: { code } });
  if (!row) throw refuse("unknown", code);
  const closed = windowRefusal(row, now);
  if (closed) throw refuse(closed, code);
  if (row.usageLimit !== null && row.uses >= row.usageLimit) throw refuse("used_up", code);
  if (opts.email && row.perEmailLimit !== null && (await liveUsesByEmail(prisma, row.id, opts.email)) >= row.perEmailLimit) throw refuse("email_used", code);
  const subtotal = lines.reduce((sum, l) => sum + toCents(l.price) * l.quantity, 0);
  const minSubtotal = decimalToCents(row.minSubtotal);
  if (subtotal < minSubtotal) throw refuse("minimum", code, minSubtotal);
  const categories = await prisma.product.findMany({ where: { id: { in: lines.map((l) => l.productId) } }, select: { id: true, categoryId: true } });
  const categoryOf = new Map(categories.map((p) => [p.id, p.categoryId]));
  const price = priceDiscountLines(
    termsOf(row),
    lines.map((l) => ({ key: lineKey(l), productId: l.productId, price: toCents(l.price), quantity: l.quantity, uniqueItem: l.uniqueItem, categoryId: categoryOf.get(l.productId) ?? 0 })),
  );
  if (!price.freeShipping && price.merchandise === 0) throw refuse("no_eligible_lines", code);
  return { code: row.code, merchandise: price.merchandise, freeShipping: price.freeShipping, perLine: price.perLine };
}

/**
 * In the order's transaction: one use of `code` for this order, or the refusal
 * (nothing written; the caller rolls back and voids the payment). The row is
 * locked by the conditional increment, so the limits hold under any concurrency.
 */
export async function claimDiscountUse(tx: Tx, use: { code: string; orderId: number; email: string; amount: Cents }, now = new Date()): Promise<DiscountRefusal | null> {
  const [row] = await tx.$queryRaw<Array<{ id: number; active: boolean; startsAt: Date | null; endsAt: Date | null; perEmailLimit: number | null }>>`
    UPDATE "DiscountCode" SET "uses" = "uses" + 1
    WHERE "code" = ${use.code} AND ("usageLimit" IS NULL OR "uses" < "usageLimit")
    RETURNING "id", "active", "startsAt", "endsAt", "perEmailLimit"`;
  if (!row) return (await tx.discountCode.count({ where: { code: use.code } })) ? "used_up" : "unknown";
  const closed = windowRefusal(row, now);
  if (closed) return closed;
  if (row.perEmailLimit !== null && (await liveUsesByEmail(tx, row.id, use.email)) >= row.perEmailLimit) return "email_used";
  await tx.discountRedemption.create({ data: { discountCodeId: row.id, orderId: use.orderId, email: customerEmailKey(use.email), amount: fromCents(use.amount) } });
  return null;
}

/** The order was cancelled: its use goes back to the code (once). Returns the code, or null when it held none. */
export async function releaseDiscountUse(tx: Tx, orderId: number): Promise<string | null> {
  const { count } = await tx.discountRedemption.updateMany({ where: { orderId, releasedAt: null }, data: { releasedAt: new Date() } });
  if (!count) return null;
  const use = await tx.discountRedemption.findUniqueOrThrow({ where: { orderId }, select: { discountCodeId: true, discountCode: { select: { code: true } } } });
  await tx.discountCode.updateMany({ where: { id: use.discountCodeId, uses: { gt: 0 } }, data: { uses: { decrement: 1 } } });
  return use.discountCode.code;
}

/**
 * A cancelled order made live again takes its use back with the same conditional
 * increment; a code used up meanwhile refuses the change (the caller rolls back).
 */
export async function reclaimDiscountUse(tx: Tx, order: { id: number; orderNumber: string }): Promise<string | null> {
  const use = await tx.discountRedemption.findUnique({ where: { orderId: order.id }, select: { releasedAt: true, discountCodeId: true, discountCode: { select: { code: true } } } });
  if (!use?.releasedAt) return null;
  const claimed = await tx.$executeRaw`
    UPDATE "DiscountCode" SET "uses" = "uses" + 1 WHERE "id" = ${use.discountCodeId} AND ("usageLimit" IS NULL OR "uses" < "usageLimit")`;
  if (claimed !== 1)
    throw new AppError("conflict", `Order ${order.orderNumber} cannot be re-opened: its discount code “${use.discountCode.code}” has been used as many times as it can be since it was cancelled.`);
  await tx.discountRedemption.update({ where: { orderId: order.id }, data: { releasedAt: null } });
  return use.discountCode.code;
}

// ─── admin ──────────────────────────────────────────────────────────────────

export const DISCOUNT_NOT_FOUND = "Discount code not found";
const CODE_TAKEN = "A discount code with this name already exists";

export type AdminDiscountCodeDTO = {
  id: number;
  code: string;
  kind: DiscountKind;
  percentOff: number | null;
  amountOff: string | null;
  minSubtotal: string;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perEmailLimit: number | null;
  uses: number;
  includeUniquePieces: boolean;
  categoryIds: number[];
  active: boolean;
};

const toDTO = (row: CodeRow): AdminDiscountCodeDTO => ({
  id: row.id,
  code: row.code,
  kind: row.kind as DiscountKind,
  percentOff: row.percentOff,
  amountOff: row.amountOff?.toFixed(2) ?? null,
  minSubtotal: row.minSubtotal.toFixed(2),
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  usageLimit: row.usageLimit,
  perEmailLimit: row.perEmailLimit,
  uses: row.uses,
  includeUniquePieces: row.includeUniquePieces,
  categoryIds: termsOf(row).categoryIds,
  active: row.active,
});

export async function listDiscountCodes(): Promise<AdminDiscountCodeDTO[]> {
  return (await prisma.discountCode.findMany({ orderBy: [{ active: "desc" }, { createdAt: "desc" }] })).map(toDTO);
}

function rowData(input: DiscountCodeInput) {
  return {
    code: input.code,
    kind: input.kind,
    percentOff: input.kind === "percentage" ? input.percentOff : null,
    amountOff: input.kind === "fixed" && input.amountOff ? fromCents(Math.round(input.amountOff * 100)) : null,
    minSubtotal: fromCents(Math.round(input.minSubtotal * 100)),
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    usageLimit: input.usageLimit,
    perEmailLimit: input.perEmailLimit,
    includeUniquePieces: input.includeUniquePieces,
    categoryIds: [...new Set(input.categoryIds)].sort((a, b) => a - b),
    active: input.active,
  };
}

async function assertCategoriesExist(ids: number[]) {
  if (!ids.length) return;
  const found = await prisma.category.count({ where: { id: { in: ids } } });
  if (found !== new Set(ids).size) throw new AppError("bad_request", "Choose categories that exist", { categoryIds: "Choose categories that exist" });
}

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
const isCheckViolation = (error: unknown) => error instanceof Prisma.PrismaClientUnknownRequestError || (error instanceof Prisma.PrismaClientKnownRequestError && /check/i.test(error.message));

async function writeCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", CODE_TAKEN, { code: CODE_TAKEN });
    if (isCheckViolation(error)) throw new AppError("bad_request", "The usage limit cannot be below the uses so far.", { usageLimit: "The usage limit cannot be below the uses so far" });
    throw error;
  }
}

/** Admin: a new code (audited). */
export async function createDiscountCode(input: DiscountCodeInput): Promise<AdminDiscountCodeDTO> {
  await assertCategoriesExist(input.categoryIds);
  return writeCode(() =>
    prisma.$transaction(async (tx) => {
      const row = await tx.discountCode.create({ data: rowData(input) });
      await recordAudit({ entityType: "discount_code", entityId: row.id, action: "create", before: null, after: toDTO(row) }, tx);
      return toDTO(row);
    }),
  );
}

/** Admin: edit every field, or `{ active }` alone (disable / enable). Uses so far are never edited. */
export async function updateDiscountCode(id: number | string, input: DiscountCodeInput | { active: boolean }): Promise<AdminDiscountCodeDTO> {
  const codeId = entityIdOrNotFound(id, DISCOUNT_NOT_FOUND);
  if ("code" in input) await assertCategoriesExist(input.categoryIds);
  return writeCode(() =>
    prisma.$transaction(async (tx) => {
      const before = await tx.discountCode.findUnique({ where: { id: codeId } });
      if (!before) throw new AppError("not_found", DISCOUNT_NOT_FOUND);
      const row = await tx.discountCode.update({ where: { id: codeId }, data: "code" in input ? rowData(input) : { active: input.active } });
      await recordAudit({ entityType: "discount_code", entityId: row.id, action: "update", before: await auditSnapshot(async () => toDTO(before)), after: toDTO(row) }, tx);
      return toDTO(row);
    }),
  );
}
