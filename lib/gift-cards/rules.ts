import { randomInt } from "node:crypto";
import type { Cents } from "@/lib/money";

/**
 * Gift cards: the code format and how cards pay an order.
 * Cards are taken in the order the shopper entered them, each for as much of
 * what is still due as its balance covers; an order can be paid by them in full.
 */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I: read aloud and typed from an email

/** "GIFT-XXXX-XXXX-XXXX": 12 random characters of 32 (60 bits). */
export function newGiftCardCode(): string {
  const part = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `GIFT-${part()}-${part()}-${part()}`;
}

/** A code as typed: trimmed, upper-cased, spaces and missing dashes forgiven. */
export function normalizeGiftCardCode(text: string): string {
  const raw = text.toUpperCase().replace(/[^A-Z0-9]/g, "");
  const body = raw.startsWith("GIFT") ? raw.slice(4) : raw;
  return body.length === 12 ? `GIFT-${body.slice(0, 4)}-${body.slice(4, 8)}-${body.slice(8)}` : text.trim().toUpperCase();
}

export const GIFT_CARD_CODE = /^GIFT-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

export type AppliedGiftCard = { code: string; amount: Cents };

/** What each card pays of `due` (cards with nothing to give are left out). */
export function allocateGiftCards(cards: ReadonlyArray<{ code: string; balance: Cents }>, due: Cents): AppliedGiftCard[] {
  const applied: AppliedGiftCard[] = [];
  let left = Math.max(0, due);
  for (const card of cards) {
    const amount = Math.min(card.balance, left);
    if (amount <= 0) continue;
    applied.push({ code: card.code, amount });
    left -= amount;
  }
  return applied;
}

/** A card an order bought, as a refund of that order sees it. */
export type BoughtCard = { id: number; code: string; orderItemId: number | null; face: Cents; unspent: Cents; refunded: boolean; returned: Cents };

/**
 * What an order's refunds can return of the gift cards it bought: a card is refunded for what
 * is still on it (its recipient may have spent the rest), and only with its line or the whole
 * order, which takes that balance off the card. So an amount refund, or a refund of other
 * lines, is capped at the money the order took for everything else: `heldByCards` is what the
 * cards' lines keep out of that cap (a live card its whole amount, a refunded one what was spent).
 */
export function boughtCardsRefund(cards: ReadonlyArray<BoughtCard>, remaining: Cents) {
  const live = cards.filter((c) => !c.refunded);
  const heldByCards = cards.reduce((sum, c) => sum + c.face - c.returned, 0);
  /** What can still be returned of everything but the cards the order bought. */
  const otherLeft = Math.max(0, remaining - heldByCards);
  return {
    heldByCards,
    otherLeft,
    /** What a refund of the whole rest returns now: the rest of the order, and what is still on its live cards. */
    whole: otherLeft + live.reduce((sum, c) => sum + c.unspent, 0),
    live,
    liveOfLine: (lineId: number) => live.filter((c) => c.orderItemId === lineId),
    boughtWithLine: (lineId: number) => cards.some((c) => c.orderItemId === lineId),
  };
}

/** A stored card as boughtCardsRefund reads it (amounts in cents). */
export function boughtCard(row: { id: number; code: string; orderItemId: number | null; initialAmount: Cents; balance: Cents; refundId: number | null; refundedAmount: Cents }): BoughtCard {
  return {
    id: row.id,
    code: row.code,
    orderItemId: row.orderItemId,
    face: row.initialAmount,
    unspent: row.refundId === null ? row.balance : 0,
    refunded: row.refundId !== null,
    returned: row.refundedAmount,
  };
}

/**
 * The order lines that are goods: every line but the gift cards the order bought (a card
 * issued for a line is that line's). A gift card is sent by email, so it is never shipped, packed
 * or reviewed; an order of only gift cards has nothing to ship.
 */
export function goodsLines<T extends { id: number }>(items: ReadonlyArray<T>, cardsBought: ReadonlyArray<{ orderItemId: number | null }>): T[] {
  const cardLines = new Set(cardsBought.flatMap((c) => (c.orderItemId === null ? [] : [c.orderItemId])));
  return items.filter((i) => !cardLines.has(i.id));
}

/** A card's code as lists show it: only its last 4 ("•••• •••• ABCD"); the full code only on request. */
export const giftCardLast4 = (code: string) => code.slice(-4);
export const maskGiftCardCode = (code: string) => `•••• •••• ${giftCardLast4(code)}`;
