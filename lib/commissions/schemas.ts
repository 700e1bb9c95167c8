// zod/mini: the commission form runs these in the browser, within its first-load budget (docs/decisions/0005-first-load-javascript-budget.md).
import * as z from "zod/mini";
import { isSingleLine, singleLineMessage } from "@/lib/single-line";

/** The budget ranges a shopper picks from (stored as the key). */
export const BUDGET_RANGES = {
  under_150: "Under $150",
  "150_300": "$150–$300",
  "300_600": "$300–$600",
  "600_1200": "$600–$1,200",
  over_1200: "Over $1,200",
  unsure: "Not sure yet",
} as const;
export type BudgetRange = keyof typeof BUDGET_RANGES;
export const BUDGET_KEYS = Object.keys(BUDGET_RANGES) as [BudgetRange, ...BudgetRange[]];

export const MAX_COMMISSION_PHOTOS = 5;
export const TOO_MANY_COMMISSION_PHOTOS = `You can add at most ${MAX_COMMISSION_PHOTOS} reference photos.`;
export const COMMISSION_TEXT_MAX = 4000;
export type CommissionPhoto = { url: string; width: number; height: number };

const optionalText = (max: number, label: string) =>
  z.pipe(
    z.nullable(z.optional(z.string({ message: `${label} must be text` }).check(z.trim(), z.maxLength(max, `${label} can be at most ${max} characters`)))),
    z.transform((v: string | null | undefined) => v || undefined),
  );

/** "2027-03-01" → that day; blank → none. A day in the past is refused by the service (it knows today). */
const wantedBy = z.pipe(
  z.nullable(
    z.optional(
      z.string({ message: "Choose a date" }).check(
        z.trim(),
        z.maxLength(10, "Choose a date"),
        z.refine((v) => v === "" || /^\d{4}-\d{2}-\d{2}$/.test(v), "Choose a date"),
      ),
    ),
  ),
  z.transform((v: string | null | undefined) => v || undefined),
);

/** "Commission a piece": what the shopper asks for (the form and POST /api/commissions). */
export const commissionRequestSchema = z.object(
  {
    name: z
      .string({ message: "Name must be at least 2 characters" })
      .check(z.trim(), z.minLength(2, "Name must be at least 2 characters"), z.maxLength(120, "Name is too long"), z.refine(isSingleLine, singleLineMessage("Name"))),
    email: z.pipe(
      z.string({ message: "Please enter a valid email address" }).check(z.trim(), z.toLowerCase()),
      z.email("Please enter a valid email address").check(z.maxLength(254, "Please enter a valid email address")),
    ),
    description: z
      .string({ message: "Tell us what you would like made (at least 20 characters)" })
      .check(
        z.trim(),
        z.minLength(20, "Tell us what you would like made (at least 20 characters)"),
        z.maxLength(COMMISSION_TEXT_MAX, `The description can be at most ${COMMISSION_TEXT_MAX.toLocaleString("en-US")} characters`),
      ),
    material: optionalText(120, "Wood or material"),
    size: optionalText(120, "Size"),
    budget: z.enum(BUDGET_KEYS, { message: "Choose a budget range" }),
    wantedBy,
    productId: z.optional(z.nullable(z.int({ message: "Unknown product" }).check(z.positive("Unknown product"), z.lte(2_147_483_647, "Unknown product")))),
  },
  { message: "Request body must be a JSON object" },
);
export type CommissionRequestInput = z.input<typeof commissionRequestSchema>;
export type CommissionRequest = z.output<typeof commissionRequestSchema>;

/** A multipart form's text fields as the JSON body has them: a product id of digits is a number, blank is none. */
export function commissionFormValues(fields: Record<string, string>): Record<string, unknown> {
  const { productId, ...rest } = fields;
  return { ...rest, productId: productId === undefined || productId === "" ? undefined : /^\d{1,10}$/.test(productId) ? Number(productId) : productId };
}

/** The shopper's reply in their commission's thread (through the emailed link). */
export const commissionReplySchema = z.object(
  {
    reference: z.string({ message: "This link is not valid." }).check(z.minLength(1, "This link is not valid."), z.maxLength(40, "This link is not valid.")),
    token: z.string({ message: "This link is not valid." }).check(z.minLength(1, "This link is not valid."), z.maxLength(2000, "This link is not valid.")),
    body: z
      .string({ message: "Write a message of at least 2 characters" })
      .check(
        z.trim(),
        z.minLength(2, "Write a message of at least 2 characters"),
        z.maxLength(COMMISSION_TEXT_MAX, `A message can be at most ${COMMISSION_TEXT_MAX.toLocaleString("en-US")} characters`),
      ),
  },
  { message: "Request body must be a JSON object" },
);
export type CommissionReply = z.output<typeof commissionReplySchema>;
