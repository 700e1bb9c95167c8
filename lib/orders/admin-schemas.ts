import { z } from "@/lib/zod";
import { entityIdSchema } from "@/lib/admin/ids";
import { MAX_API_LIMIT } from "@/lib/site";
import { carrierSchema, normalizeTrackingNumber, trackingNumberProblem } from "@/lib/orders/shipping";

/** Spec §4 order states (plus `confirmed`, which paid checkouts start in). The admin may set any from any other. */
export const ORDER_STATUSES = ["pending", "confirmed", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatusValue = (typeof ORDER_STATUSES)[number];

/** The statuses whose change emails the shopper (lib/orders/service.ts): the admin's screens ask before setting them. */
export const SHOPPER_EMAIL_STATUSES: ReadonlyArray<OrderStatusValue> = ["shipped", "delivered", "cancelled"];

export const ORDER_STATUS_MESSAGE = `Status must be one of: ${ORDER_STATUSES.join(", ")}.`;
export const ORDER_FILTER_MESSAGE = `Status must be one of: all, ${ORDER_STATUSES.join(", ")}, archived.`;

export const orderStatusSchema = z.enum(ORDER_STATUSES, { message: ORDER_STATUS_MESSAGE });

export const REFUND_REASON_MAX = 500;
export const REFUND_NOTE_MAX = 1000;
const reasonSchema = z.string({ message: "Reason must be text" }).trim().min(1, "Please give a reason").max(REFUND_REASON_MAX, `Reason must be at most ${REFUND_REASON_MAX} characters`);

/**
 * A status change. The spec's plain `{status}` sets any status from any other.
 * Shipping may carry `carrier` + `trackingNumber` (checked against the
 * carrier's format). Cancelling may explicitly `refund` the payment (with a
 * `reason`) and choose whether one-of-a-kind pieces go back on sale
 * (`putBackOnSale`); a plain status change never moves money or stock.
 */
const statusChangeFields = {
  status: orderStatusSchema,
  carrier: carrierSchema.optional(),
  trackingNumber: z.string({ message: "Tracking number must be text" }).trim().max(60, "Tracking number is too long").optional(),
  refund: z.boolean({ message: "refund must be true or false" }).optional(),
  putBackOnSale: z.boolean({ message: "putBackOnSale must be true or false" }).optional(),
  reason: reasonSchema.optional(),
};

type StatusChangeShape = { status: string; carrier?: string; trackingNumber?: string; refund?: boolean; putBackOnSale?: boolean; reason?: string };

function checkStatusChange(value: StatusChangeShape, ctx: z.RefinementCtx) {
  if ((value.carrier || value.trackingNumber) && value.status !== "shipped") {
    ctx.addIssue({ code: "custom", path: ["carrier"], message: "Carrier and tracking number go with status shipped." });
  }
  if (value.trackingNumber && !value.carrier) ctx.addIssue({ code: "custom", path: ["carrier"], message: "Choose the carrier for this tracking number." });
  if (value.carrier && !value.trackingNumber) ctx.addIssue({ code: "custom", path: ["trackingNumber"], message: "Tracking number is required" });
  if (value.carrier && value.trackingNumber) {
    const problem = trackingNumberProblem(value.carrier as "USPS", value.trackingNumber);
    if (problem) ctx.addIssue({ code: "custom", path: ["trackingNumber"], message: problem });
  }
  if ((value.refund !== undefined || value.putBackOnSale !== undefined) && value.status !== "cancelled") {
    ctx.addIssue({ code: "custom", path: ["refund"], message: "refund and putBackOnSale go with status cancelled." });
  }
  if (value.refund && !value.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "Please give a reason for the refund" });
}

const normalize = <T extends { trackingNumber?: string }>(value: T): T => ({ ...value, ...(value.trackingNumber ? { trackingNumber: normalizeTrackingNumber(value.trackingNumber) } : {}) });

/** PATCH /api/orders/{id}/status body. */
export const orderStatusUpdateSchema = z.object(statusChangeFields, { message: "Request body must be a JSON object" }).superRefine(checkStatusChange).transform(normalize);
export type OrderStatusUpdate = z.output<typeof orderStatusUpdateSchema>;

/** The inline status change from the admin orders table (server action input). */
export const orderStatusChangeSchema = z
  .object({ id: entityIdSchema, ...statusChangeFields })
  .superRefine(checkStatusChange)
  .transform(normalize);

/** POST /api/orders/{id}/refund: the whole remaining amount, chosen lines, or an amount (dollars); with a reason. */
export const orderRefundSchema = z
  .object(
    {
      amount: z
        .union([z.number(), z.string()], { message: "Amount must be a number" })
        .transform((v) => (typeof v === "string" ? Number(v) : v))
        .pipe(
          z
            .number({ message: "Amount must be a number" })
            .positive("Amount must be more than 0")
            .max(1_000_000, "Amount is too large")
            .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, "Amount must be in whole cents"),
        )
        .optional(),
      lineIds: z.array(entityIdSchema, { message: "lineIds must be a list of order line ids" }).min(1, "Choose at least one line").max(200).optional(),
      /** Emailed to the shopper. */
      reason: reasonSchema,
      /** The maker's own note: kept with the refund, shown in the admin's order view and timeline, never emailed. */
      internalNote: z
        .string({ message: "Internal note must be text" })
        .trim()
        .max(REFUND_NOTE_MAX, `Internal note must be at most ${REFUND_NOTE_MAX} characters`)
        .transform((v) => v || undefined)
        .optional(),
      idempotencyKey: z.string().trim().min(1).max(200).optional(),
    },
    { message: "Request body must be a JSON object" },
  )
  .refine((v) => !(v.amount !== undefined && v.lineIds !== undefined), { message: "Give an amount or lines, not both", path: ["amount"] });
export type OrderRefundInput = z.output<typeof orderRefundSchema>;

/** The admin's order list filter: one status or `all` (both leave archived orders out), or `archived`. */
export const orderFilterSchema = z.enum(["all", ...ORDER_STATUSES, "archived"], { message: ORDER_FILTER_MESSAGE });
export type OrderFilter = z.output<typeof orderFilterSchema>;

/** GET /api/orders query string (admin): ?limit=5 for the dashboard, ?status=… for the orders page. */
export const orderListQuerySchema = z.object({
  status: orderFilterSchema.default("all"),
  limit: z
    .string()
    .regex(/^\d+$/, "limit must be a whole number")
    .transform(Number)
    .pipe(z.number().min(1, `limit must be between 1 and ${MAX_API_LIMIT}`).max(MAX_API_LIMIT, `limit must be between 1 and ${MAX_API_LIMIT}`))
    .optional(),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;
