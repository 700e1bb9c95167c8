import "server-only";
import { entityIdOrNotFound } from "@/lib/admin/ids";
import { recordAudit } from "@/lib/audit/service";
import { prisma, Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { sendEmail } from "@/lib/email/service";
import { giftCardEmail } from "@/lib/email/templates";
import { allocateGiftCards, boughtCard, giftCardLast4, maskGiftCardCode, newGiftCardCode, type AppliedGiftCard, type BoughtCard } from "@/lib/gift-cards/rules";
import type { GiftCardListQuery } from "@/lib/gift-cards/schemas";
import { site } from "@/lib/site";
import { fromCents, decimalToCents, type Cents } from "@/lib/money";

/**
 * Gift cards: an exact balance per card (a database check keeps it
 * between 0 and what was issued) and a ledger row for every change. An order
 * takes what each card pays in its own transaction, with a conditional
 * decrement (`balance >= amount`) that locks the card's row: two orders on one
 * card, or one order naming two cards, can never take a card below zero. A
 * refund gives back to the cards what the order took from them, and never more.
 */
type Tx = Prisma.TransactionClient;
/** A ledger amount: negative when taken from the card. */
const signedCents = (d: Prisma.Decimal) => (d.isNegative() ? -decimalToCents(d.abs()) : decimalToCents(d));

export const GIFT_CARD_NOT_FOUND = "Gift card not found";

const refuse = (message: string) => new AppError("conflict", message, { giftCards: message });

/** What the cards pay of `due` now (409 naming a card that is unknown, disabled or empty, or named twice). */
export async function priceGiftCards(codes: ReadonlyArray<string>, due: Cents): Promise<AppliedGiftCard[]> {
  if (!codes.length) return [];
  if (new Set(codes).size !== codes.length) throw refuse("The same gift card is entered twice.");
  const rows = await prisma.giftCard.findMany({ where: { code: { in: [...codes] } } });
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const cards = codes.map((code) => {
    const row = byCode.get(code);
    if (!row || !row.active) throw refuse(`“${code}” is not a valid gift card.`);
    // Refunded to its buyer: nothing on it, unless an order it paid was refunded since (that money is its holder's).
    if (row.refundId !== null && row.balance.isZero()) throw refuse(`The gift card “${code}” was refunded and can no longer be used.`);
    if (row.balance.isZero()) throw refuse(`The gift card “${code}” has no balance left.`);
    return { code, balance: decimalToCents(row.balance) };
  });
  return allocateGiftCards(cards, due);
}

/**
 * In the order's transaction: takes each card's amount, in code order (two orders
 * lock the same cards in the same order, so they wait rather than deadlock).
 * Returns the code of a card that no longer covers its amount (the caller rolls back).
 */
export async function redeemGiftCards(tx: Tx, orderId: number, applied: ReadonlyArray<AppliedGiftCard>): Promise<string | null> {
  for (const card of [...applied].sort((a, b) => a.code.localeCompare(b.code))) {
    const amount = fromCents(card.amount);
    const [row] = await tx.$queryRaw<Array<{ id: number; balance: Prisma.Decimal }>>`
      UPDATE "GiftCard" SET "balance" = "balance" - ${amount}::numeric, "updatedAt" = now()
      WHERE "code" = ${card.code} AND "active" AND "balance" >= ${amount}::numeric
      RETURNING "id", "balance"`;
    if (!row) return card.code;
    await tx.giftCardMovement.create({ data: { giftCardId: row.id, orderId, kind: "redeemed", amount: fromCents(-card.amount), balanceAfter: row.balance } });
  }
  return null;
}

/**
 * A refund's gift-card part goes back to the cards the order took it from (the
 * last redeemed first), each at most what the order took from it less what was
 * already given back. Returns the cents given back.
 */
export async function refundToGiftCards(tx: Tx, orderId: number, amount: Cents): Promise<Cents> {
  // What the order took from cards and gave back to them (not the cards it bought: their rows are issued and voided).
  const movements = await tx.giftCardMovement.findMany({ where: { orderId, kind: { in: ["redeemed", "refunded"] } }, orderBy: { id: "desc" } });
  const owed = new Map<number, Cents>();
  for (const m of movements) owed.set(m.giftCardId, (owed.get(m.giftCardId) ?? 0) - signedCents(m.amount));
  await lockCardsByCode(tx, [...owed.keys()]);
  let left = amount;
  for (const [giftCardId, stillTaken] of owed) {
    const back = Math.min(stillTaken, left);
    if (back <= 0) continue;
    const [row] = await tx.$queryRaw<Array<{ balance: Prisma.Decimal }>>`
      UPDATE "GiftCard" SET "balance" = "balance" + ${fromCents(back)}::numeric, "updatedAt" = now() WHERE "id" = ${giftCardId} RETURNING "balance"`;
    await tx.giftCardMovement.create({ data: { giftCardId, orderId, kind: "refunded", amount: fromCents(back), balanceAfter: row.balance } });
    left -= back;
  }
  return amount - left;
}

/**
 * Card rows are always locked in code order, as an order's redemption takes them
 * (redeemGiftCards): two transactions touching the same cards wait, never deadlock.
 */
async function lockCardsByCode(tx: Tx, ids: ReadonlyArray<number>): Promise<void> {
  if (!ids.length) return;
  await tx.$queryRaw`SELECT "id" FROM "GiftCard" WHERE "id" IN (${Prisma.join([...ids])}) ORDER BY "code" FOR UPDATE`;
}

// ─── cards an order bought ──────────────────────────────────────────────────

/**
 * The cards an order bought, locked (in code order, like every card lock) for a refund of that order: a recipient
 * spending one now waits, and the refund sees the balance it will take off the card.
 */
export async function lockBoughtCards(tx: Tx, orderId: number): Promise<BoughtCard[]> {
  const rows = await tx.$queryRaw<
    Array<{ id: number; code: string; orderItemId: number | null; initialAmount: Prisma.Decimal; balance: Prisma.Decimal; refundId: number | null; refundedAmount: Prisma.Decimal }>
  >`
    SELECT "id", "code", "orderItemId", "initialAmount", "balance", "refundId", "refundedAmount" FROM "GiftCard"
    WHERE "orderId" = ${orderId} ORDER BY "code" FOR UPDATE`;
  return rows.map((r) => boughtCard({ ...r, initialAmount: decimalToCents(r.initialAmount), balance: decimalToCents(r.balance), refundedAmount: decimalToCents(r.refundedAmount) }));
}

/**
 * A refund of the buying order returns these cards' balances: each card's balance goes to 0
 * and is recorded as what the refund returned (a ledger row "voided"), in the refund's
 * transaction, so the money can never be both refunded and spent.
 */
export async function voidBoughtCards(tx: Tx, refund: { id: number; orderId: number }, cards: ReadonlyArray<Pick<BoughtCard, "id" | "code">>): Promise<{ codes: string[]; amount: Cents }> {
  const voided = { codes: [] as string[], amount: 0 };
  for (const id of [...cards].sort((a, b) => a.code.localeCompare(b.code)).map((c) => c.id)) {
    const [row] = await tx.$queryRaw<Array<{ code: string; refundedAmount: Prisma.Decimal }>>`
      UPDATE "GiftCard" SET "refundedAmount" = "balance", "balance" = 0, "refundId" = ${refund.id}, "updatedAt" = now()
      WHERE "id" = ${id} AND "refundId" IS NULL RETURNING "code", "refundedAmount"`;
    if (!row) continue;
    voided.codes.push(row.code);
    voided.amount += decimalToCents(row.refundedAmount);
    if (!row.refundedAmount.isZero()) {
      await tx.giftCardMovement.create({ data: { giftCardId: id, orderId: refund.orderId, kind: "voided", amount: row.refundedAmount.negated(), balanceAfter: new Prisma.Decimal(0) } });
    }
    await recordAudit({ entityType: "gift_card", entityId: id, action: "refund", before: { balance: row.refundedAmount.toFixed(2) }, after: { balance: "0.00", refundId: refund.id } }, tx);
  }
  return voided;
}

/**
 * A refund made at the payment provider (its dashboard) returned more than the rest of the order:
 * the excess was the value of gift cards the order bought, so it comes off their balances (in
 * code order; a ledger row "voided" each), and they stay usable for what is left. Returns
 * the cents taken and the codes; what the cards no longer hold (spent already) is not taken.
 */
export async function debitBoughtCards(tx: Tx, orderId: number, cards: ReadonlyArray<BoughtCard>, amount: Cents): Promise<{ codes: string[]; amount: Cents }> {
  const debited = { codes: [] as string[], amount: 0 };
  for (const card of [...cards].sort((a, b) => a.code.localeCompare(b.code))) {
    const take = Math.min(card.unspent, amount - debited.amount);
    if (take <= 0) continue;
    const [row] = await tx.$queryRaw<Array<{ code: string; balance: Prisma.Decimal }>>`
      UPDATE "GiftCard" SET "balance" = "balance" - ${fromCents(take)}::numeric, "updatedAt" = now()
      WHERE "id" = ${card.id} AND "refundId" IS NULL AND "balance" >= ${fromCents(take)}::numeric RETURNING "code", "balance"`;
    if (!row) continue;
    await tx.giftCardMovement.create({ data: { giftCardId: card.id, orderId, kind: "voided", amount: fromCents(-take), balanceAfter: row.balance } });
    await recordAudit(
      {
        entityType: "gift_card",
        entityId: card.id,
        action: "refund",
        before: { balance: fromCents(decimalToCents(row.balance) + take) },
        after: { balance: row.balance.toFixed(2), source: "provider" },
      },
      tx,
    );
    debited.codes.push(row.code);
    debited.amount += take;
  }
  return debited;
}

/** A refund the provider refused: the balances it took off the buying order's cards go back on them. */
export async function restoreVoidedCards(tx: Tx, refundId: number): Promise<string[]> {
  const rows = await tx.$queryRaw<Array<{ id: number; code: string; orderId: number | null; balance: Prisma.Decimal; restored: Prisma.Decimal }>>`
    UPDATE "GiftCard" AS g SET "balance" = g."balance" + g."refundedAmount", "refundedAmount" = 0, "refundId" = NULL, "updatedAt" = now()
    FROM (SELECT "id", "refundedAmount" FROM "GiftCard" WHERE "refundId" = ${refundId} ORDER BY "code" FOR UPDATE) AS before
    WHERE g."id" = before."id" RETURNING g."id", g."code", g."orderId", g."balance", before."refundedAmount" AS restored`;
  for (const row of rows) {
    if (!row.restored.isZero()) await tx.giftCardMovement.create({ data: { giftCardId: row.id, orderId: row.orderId, kind: "restored", amount: row.restored, balanceAfter: row.balance } });
    await recordAudit({ entityType: "gift_card", entityId: row.id, action: "update", before: { refundId }, after: { balance: row.balance.toFixed(2), refundId: null } }, tx);
  }
  return rows.map((r) => r.code);
}

/** The payment for these cards was never taken (its capture failed): they pay nothing until the maker enables them. */
export async function disableOrderGiftCards(tx: Tx, orderId: number): Promise<number> {
  const cards = await tx.giftCard.findMany({ where: { orderId, active: true }, select: { id: true } });
  for (const card of cards) {
    await tx.giftCard.update({ where: { id: card.id }, data: { active: false } });
    await recordAudit({ entityType: "gift_card", entityId: card.id, action: "update", before: { active: true }, after: { active: false, reason: "payment not captured" } }, tx);
  }
  return cards.length;
}

/** The order's payment was taken after all (lib/checkout/capture-service.ts): the cards it bought and that were disabled for it pay again, audited. */
export async function enableOrderGiftCards(tx: Tx, orderId: number): Promise<number> {
  const cards = await tx.giftCard.findMany({ where: { orderId, active: false, refundId: null }, select: { id: true } });
  for (const card of cards) {
    await tx.giftCard.update({ where: { id: card.id }, data: { active: true } });
    await recordAudit({ entityType: "gift_card", entityId: card.id, action: "update", before: { active: false }, after: { active: true, reason: "payment captured" } }, tx);
  }
  return cards.length;
}

// ─── the maker ──────────────────────────────────────────────────────────────

export type GiftCardDTO = {
  id: number;
  code: string;
  initialAmount: string;
  balance: string;
  active: boolean;
  /** refunded to the order that bought it: it pays nothing any more */
  refunded: boolean;
  recipientEmail: string | null;
  movements: Array<{ kind: string; amount: string; balanceAfter: string; orderNumber: string | null; createdAt: string }>;
};

const withMovements = { movements: { orderBy: { id: "asc" }, include: { order: { select: { orderNumber: true } } } } } as const;
type CardRow = Prisma.GiftCardGetPayload<{ include: typeof withMovements }>;

const toDTO = (row: CardRow): GiftCardDTO => ({
  id: row.id,
  code: row.code,
  initialAmount: row.initialAmount.toFixed(2),
  balance: row.balance.toFixed(2),
  active: row.active,
  refunded: row.refundId !== null,
  recipientEmail: row.recipientEmail,
  movements: row.movements.map((m) => ({
    kind: m.kind,
    amount: m.amount.toFixed(2),
    balanceAfter: m.balanceAfter.toFixed(2),
    orderNumber: m.order?.orderNumber ?? null,
    createdAt: m.createdAt.toISOString(),
  })),
});

/** Issues a card (the maker, or an order that bought one): its first ledger row is the amount issued. */
export async function issueGiftCard(input: { amount: Cents; recipientEmail?: string | null; orderId?: number | null; orderItemId?: number | null }, db: Tx = prisma): Promise<GiftCardDTO> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new AppError("bad_request", "Enter an amount over $0.00", { amount: "Enter an amount over $0.00" });
  const amount = fromCents(input.amount);
  const card = await db.giftCard.create({
    data: {
      code: newGiftCardCode(),
      initialAmount: amount,
      balance: amount,
      recipientEmail: input.recipientEmail?.toLowerCase() ?? null,
      orderId: input.orderId ?? null,
      orderItemId: input.orderItemId ?? null,
    },
  });
  await db.giftCardMovement.create({ data: { giftCardId: card.id, orderId: input.orderId ?? null, kind: "issued", amount, balanceAfter: amount } });
  await recordAudit({ entityType: "gift_card", entityId: card.id, action: "create", before: null, after: { code: card.code, amount, recipientEmail: card.recipientEmail } }, db);
  return toDTO(await db.giftCard.findUniqueOrThrow({ where: { id: card.id }, include: withMovements }));
}

/** The maker looks a card up by its code: balance and every movement. */
export async function lookupGiftCard(code: string): Promise<GiftCardDTO> {
  const row = await prisma.giftCard.findUnique({ where: { code }, include: withMovements });
  if (!row) throw new AppError("not_found", GIFT_CARD_NOT_FOUND);
  return toDTO(row);
}

/** Disable (or enable again): a disabled card pays nothing; its balance stays as it is. */
export async function setGiftCardActive(id: number | string, active: boolean): Promise<GiftCardDTO> {
  const cardId = entityIdOrNotFound(id, GIFT_CARD_NOT_FOUND);
  return prisma.$transaction(async (tx) => {
    const before = await tx.giftCard.findUnique({ where: { id: cardId } });
    if (!before) throw new AppError("not_found", GIFT_CARD_NOT_FOUND);
    await tx.giftCard.update({ where: { id: cardId }, data: { active } });
    await recordAudit({ entityType: "gift_card", entityId: cardId, action: "update", before: { active: before.active }, after: { active } }, tx);
    return toDTO(await tx.giftCard.findUniqueOrThrow({ where: { id: cardId }, include: withMovements }));
  });
}

/**
 * The maker issues a card from the admin: with a recipient's email, it is emailed to them at once
 * (the card stays issued if the email fails: the list can resend it, and the answer says so).
 */
export async function issueGiftCardByMaker(input: { amount: Cents; recipientEmail?: string | null }) {
  const card = await issueGiftCard(input);
  if (!card.recipientEmail) return { ...card, emailedTo: null as string | null, emailError: null as string | null };
  try {
    const { to } = await emailGiftCard(card.id);
    return { ...card, emailedTo: to as string | null, emailError: null as string | null };
  } catch (error) {
    log.error({ err: error, giftCardId: card.id }, "gift card email failed");
    return { ...card, emailedTo: null as string | null, emailError: "The card was issued, but its email could not be sent: resend it from the list." as string | null };
  }
}

// ─── the issued cards' list ────────────────────────────────────────

export const GIFT_CARDS_PER_PAGE = 20;

/** One issued card as the list shows it: the code masked (its last 4), never whole. */
export type GiftCardListRow = {
  id: number;
  maskedCode: string;
  last4: string;
  initialAmount: string;
  balance: string;
  active: boolean;
  refunded: boolean;
  recipientEmail: string | null;
  /** the order that bought it, or null: issued by the maker */
  orderNumber: string | null;
  createdAt: string;
};

/** The issued cards, newest first: admin-issued and bought, searched by the code's last 4, the recipient's email or the buying order's number. */
export async function listGiftCards({ q, page }: GiftCardListQuery) {
  const term = q.trim();
  const code = term.toUpperCase().replace(/[^A-Z0-9]/g, "");
  const where: Prisma.GiftCardWhereInput = term
    ? {
        OR: [
          ...(code.length >= 1 && code.length <= 4 ? [{ code: { endsWith: code } }] : []),
          { recipientEmail: { contains: term, mode: "insensitive" as const } },
          { order: { orderNumber: { contains: term, mode: "insensitive" as const } } },
        ],
      }
    : {};
  const [total, rows] = await Promise.all([
    prisma.giftCard.count({ where }),
    prisma.giftCard.findMany({ where, orderBy: { id: "desc" }, skip: (page - 1) * GIFT_CARDS_PER_PAGE, take: GIFT_CARDS_PER_PAGE, include: { order: { select: { orderNumber: true } } } }),
  ]);
  return {
    cards: rows.map((r): GiftCardListRow => ({
      id: r.id,
      maskedCode: maskGiftCardCode(r.code),
      last4: giftCardLast4(r.code),
      initialAmount: r.initialAmount.toFixed(2),
      balance: r.balance.toFixed(2),
      active: r.active,
      refunded: r.refundId !== null,
      recipientEmail: r.recipientEmail,
      orderNumber: r.order?.orderNumber ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / GIFT_CARDS_PER_PAGE)),
  };
}

/** The full code, to the admin who asks for it: every reveal is an audit row (who, which card, when). */
export async function revealGiftCardCode(id: number | string): Promise<{ id: number; code: string }> {
  const cardId = entityIdOrNotFound(id, GIFT_CARD_NOT_FOUND);
  return prisma.$transaction(async (tx) => {
    const card = await tx.giftCard.findUnique({ where: { id: cardId }, select: { id: true, code: true } });
    if (!card) throw new AppError("not_found", GIFT_CARD_NOT_FOUND);
    await recordAudit({ entityType: "gift_card", entityId: card.id, action: "reveal_code", before: null, after: { last4: giftCardLast4(card.code) } }, tx);
    return card;
  });
}

/**
 * Emails a card's code to its recipient (the maker's card on issue, or a resend of any card):
 * from the order's buyer for a bought card, else from the maker. The code is kept out of the
 * outbox (redacted); the send is an audit row. A card without a recipient, disabled or refunded is refused.
 */
export async function emailGiftCard(id: number | string, { action = "email" }: { action?: "email" | "resend" } = {}): Promise<{ to: string }> {
  const cardId = entityIdOrNotFound(id, GIFT_CARD_NOT_FOUND);
  const card = await prisma.giftCard.findUnique({ where: { id: cardId }, include: { order: { select: { firstName: true, lastName: true } } } });
  if (!card) throw new AppError("not_found", GIFT_CARD_NOT_FOUND);
  if (!card.recipientEmail) throw new AppError("conflict", "This card has no recipient's email to send it to.");
  if (!card.active || card.refundId !== null) throw new AppError("conflict", "This card is disabled or refunded: it cannot be sent.");
  const from = card.order ? `${card.order.firstName} ${card.order.lastName}` : site.maker;
  await sendEmail({ to: card.recipientEmail, ...giftCardEmail({ code: card.code, amount: card.initialAmount.toFixed(2), from }), secrets: [card.code] });
  await recordAudit({ entityType: "gift_card", entityId: card.id, action, before: null, after: { to: card.recipientEmail, last4: giftCardLast4(card.code) } });
  return { to: card.recipientEmail };
}

/** The sentence for a card that no longer covers what the order meant to take from it. */
export const giftCardShortMessage = (code: string) => `The gift card “${code}” no longer has the balance this order needs.`;
