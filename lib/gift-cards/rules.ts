import { randomInt } from "node:crypto";
import type { Cents } from "@/lib/money";

/**
 * Gift cards (issue 31): the code format and how cards pay an order.
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
