import { z } from "@/lib/zod";

/** A discount code as a shopper types it: trimmed, upper-cased, letters, digits, - and _ (3–32). */
export const discountCodeSchema = z
  .string({ message: "Enter a discount code" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,32}$/, "Enter a valid discount code");

const money = (label: string) =>
  z.coerce
    .number({ message: `${label} must be an amount` })
    .min(0, `${label} cannot be negative`)
    .max(99_999.99, `${label} is too large`)
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label} has at most 2 decimals`);
const optionalInt = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? null : v),
    z.coerce
      .number({ message: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`)
      .nullable(),
  );
const optionalDate = (label: string) => z.preprocess((v) => (v === "" || v === null || v === undefined ? null : v), z.coerce.date({ message: `${label} must be a date` }).nullable());
const checkbox = z.preprocess((v) => v === true || v === "true" || v === "on", z.boolean());

/** The admin's discount code form (create and edit). */
export const discountCodeInputSchema = z
  .object({
    code: discountCodeSchema,
    kind: z.enum(["percentage", "fixed", "free_shipping"], { message: "Choose what the code takes off" }),
    percentOff: optionalInt("Percentage", 1, 100),
    amountOff: z.preprocess((v) => (v === "" || v === null || v === undefined ? null : v), money("Amount off").nullable()),
    minSubtotal: z.preprocess((v) => (v === "" || v === null || v === undefined ? 0 : v), money("Minimum subtotal")),
    startsAt: optionalDate("Start"),
    endsAt: optionalDate("End"),
    usageLimit: optionalInt("Usage limit", 1, 1_000_000),
    perEmailLimit: optionalInt("Uses per email", 1, 1_000),
    includeUniquePieces: checkbox,
    categoryIds: z.preprocess(
      (v) =>
        typeof v === "string"
          ? v
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean)
          : (v ?? []),
      z.array(z.coerce.number().int().positive()).max(100),
    ),
    active: checkbox,
  })
  .superRefine((v, ctx) => {
    if (v.kind === "percentage" && v.percentOff === null) ctx.addIssue({ code: "custom", path: ["percentOff"], message: "Enter the percentage off" });
    if (v.kind === "fixed" && !v.amountOff) ctx.addIssue({ code: "custom", path: ["amountOff"], message: "Enter the amount off" });
    if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt) ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end must be after the start" });
  });
export type DiscountCodeInput = z.output<typeof discountCodeInputSchema>;
