import { z } from "@/lib/zod";
import { GIFT_CARD_CODE, normalizeGiftCardCode } from "@/lib/gift-cards/rules";

/** A gift card code as typed ("gift abcd efgh jkmn" reads as GIFT-ABCD-EFGH-JKMN). */
export const giftCardCodeSchema = z
  .string({ message: "Enter a gift card code" })
  .max(40, "Enter a valid gift card code")
  .transform(normalizeGiftCardCode)
  .pipe(z.string().regex(GIFT_CARD_CODE, "Enter a valid gift card code"));

/** The maker issues a card: an amount in dollars and, optionally, who receives it. */
export const issueGiftCardSchema = z.object({
  amount: z.coerce
    .number({ message: "Enter an amount" })
    .min(1, "At least $1.00")
    .max(2_000, "At most $2,000.00")
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, "At most 2 decimals"),
  recipientEmail: z.preprocess((v) => (v === "" ? null : v), z.string().trim().toLowerCase().pipe(z.email("Enter a valid email address")).nullable().optional()),
});

/** The issued cards' list: a search (last 4 of the code, the recipient's email, the buying order's number) and a page. */
export const giftCardListSchema = z.object({
  q: z.string().trim().max(254, "Search for at most 254 characters").optional().default(""),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});
export type GiftCardListQuery = z.output<typeof giftCardListSchema>;
