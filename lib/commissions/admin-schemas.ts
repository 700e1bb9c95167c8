import { z } from "@/lib/zod";
import { entityIdSchema } from "@/lib/admin/ids";
import { moneyField } from "@/lib/catalog/admin-schemas";
import { COMMISSION_TEXT_MAX } from "@/lib/commissions/schemas";
import { COMMISSION_STATUSES } from "@/lib/commissions/rules";

export const QUOTE_MAX_DAYS = 90;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A whole number from a number or a form's text, within [min, max]. */
const whole = (message: string, min: number, max: number) =>
  z.unknown().transform((value, ctx) => {
    const n = typeof value === "number" ? value : typeof value === "string" && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} can be at most ${max.toLocaleString("en-US")} characters`);

/** The maker moves a commission along (lib/commissions/rules.ts says where to); declining needs a message for the shopper. */
export const moveCommissionSchema = z
  .object({
    id: entityIdSchema,
    status: z.enum(COMMISSION_STATUSES, { message: "Choose a status" }),
    message: text("The message", COMMISSION_TEXT_MAX).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === "declined" && !v.message) ctx.addIssue({ code: "custom", path: ["message"], message: "Tell the shopper why you are declining" });
  });
export type MoveCommission = z.output<typeof moveCommissionSchema>;

/** A maker's message in the thread (emailed to the shopper). */
export const makerMessageSchema = z.object({
  id: entityIdSchema,
  body: text("The message", COMMISSION_TEXT_MAX).min(2, "Write a message of at least 2 characters"),
});

/** The maker's quote: price, shipping, lead time, optional deposit, notes, and the day the link expires. */
export const quoteSchema = z
  .object({
    id: entityIdSchema,
    price: moneyField(),
    shipping: moneyField({ allowZero: true }),
    depositPercent: z.preprocess((v) => (v === "" || v === null ? undefined : v), whole("A deposit is 10 to 90 percent", 10, 90).optional()),
    leadTimeMinDays: whole("Lead time is 1 to 365 working days", 1, 365),
    leadTimeMaxDays: whole("Lead time is 1 to 365 working days", 1, 365),
    notes: text("Notes", 2000)
      .optional()
      .transform((v) => v || undefined),
    expiresOn: z.string({ message: "Choose the day the quote expires" }).trim().regex(DAY, "Choose the day the quote expires"),
  })
  .superRefine((v, ctx) => {
    if (v.leadTimeMaxDays < v.leadTimeMinDays) ctx.addIssue({ code: "custom", path: ["leadTimeMaxDays"], message: "The longest lead time must be at least the shortest" });
  });
export type QuoteInput = z.output<typeof quoteSchema>;

/** The balance link of a commission paid with a deposit: the day it expires (the amount is the order's balance, never typed). */
export const balanceQuoteSchema = z.object({
  id: entityIdSchema,
  expiresOn: z.string({ message: "Choose the day the link expires" }).trim().regex(DAY, "Choose the day the link expires"),
});
export type BalanceQuoteInput = z.output<typeof balanceQuoteSchema>;

/**
 * Publishing a finished commission to the gallery: the commission, and the piece's own fields — only these
 * (checked by the product's own rules in lib/commissions/gallery-service.ts); everything else is the rule's.
 */
export const publishCommissionSchema = z.object({
  id: entityIdSchema,
  name: z.unknown().optional(),
  categoryId: z.unknown().optional(),
  shortDescription: z.unknown().optional(),
  description: z.unknown().optional(),
  images: z.unknown().optional(),
});
export type PublishCommissionInput = z.output<typeof publishCommissionSchema>;
