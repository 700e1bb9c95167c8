import "server-only";
import { lineName } from "@/lib/catalog/variants";
import { SHOP_TIME_ZONE } from "@/lib/admin/stats-queries";
import { prisma } from "@/lib/db";
import { log } from "@/lib/log";
import { csvRow } from "@/lib/csv";
import { z } from "@/lib/zod";
import { fromCents } from "@/lib/money";
import { orderStatement } from "@/lib/orders/statement";

/**
 * CSV export of orders placed between two calendar days (the shop's time
 * zone, both included), streamed: a ReadableStream that reads BATCH orders at
 * a time with cursor pagination (id > last id) only when the reader asks for
 * more, so 10,000 orders never sit in memory at once.
 */
export const EXPORT_BATCH = 500;
export const EXPORT_MAX_DAYS = 3660;
export const CSV_HEADER = [
  "number",
  "date",
  "customer",
  "email",
  "items",
  "subtotal",
  "shipping",
  "tax",
  "total",
  "refunded",
  "status",
  "provider",
  "discount",
  "gift_card",
  "card_paid",
  "balance_due",
  "refunded_to_card",
  "refunded_to_gift_card",
  "net",
];
/** Each row adds up (lib/orders/statement.ts): subtotal - discount + shipping + tax = total = gift_card + card_paid + balance_due; refunded = refunded_to_card + refunded_to_gift_card; net = gift_card + card_paid (taken) - refunded. */

const day = z
  .string({ message: "Dates must be YYYY-MM-DD" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates must be YYYY-MM-DD")
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, "Not a real date");
export const orderExportQuerySchema = z
  .object({ from: day, to: day })
  .refine((q) => q.from <= q.to, { message: "The start date must not be after the end date", path: ["from"] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= EXPORT_MAX_DAYS, { message: "At most 10 years at a time", path: ["to"] });
export type OrderExportQuery = z.output<typeof orderExportQuerySchema>;

/** [start, end) in UTC for the shop-time-zone days from..to. */
async function rangeOf(q: OrderExportQuery): Promise<{ start: Date; end: Date }> {
  const [row] = await prisma.$queryRaw<Array<{ start: Date; end: Date }>>`
    SELECT ((${q.from}::date)::timestamp AT TIME ZONE ${SHOP_TIME_ZONE}) AT TIME ZONE 'UTC' AS "start",
           (((${q.to}::date + 1))::timestamp AT TIME ZONE ${SHOP_TIME_ZONE}) AT TIME ZONE 'UTC' AS "end"`;
  return { start: new Date(row.start), end: new Date(row.end) };
}

const dateFormat = new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: false });
const shopDateTime = (d: Date) => dateFormat.format(d).replace(",", "");

export function ordersCsvFilename(q: OrderExportQuery): string {
  return `orders-${q.from}-to-${q.to}.csv`;
}

/** The stream; `onBatch` (tests) hears each batch's size as it is read. */
export function ordersCsvStream(q: OrderExportQuery, opts: { batchSize?: number; onBatch?: (rows: number) => void } = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batchSize = opts.batchSize ?? EXPORT_BATCH;
  let range: { start: Date; end: Date } | null = null;
  let cursor = 0;
  let headerSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (!headerSent) {
            headerSent = true;
            range = await rangeOf(q);
            controller.enqueue(encoder.encode(`\uFEFF${csvRow(CSV_HEADER)}`));
            return;
          }
          const rows = await prisma.order.findMany({
            where: { createdAt: { gte: range!.start, lt: range!.end }, id: { gt: cursor } },
            orderBy: { id: "asc" },
            take: batchSize,
            select: {
              id: true,
              orderNumber: true,
              createdAt: true,
              firstName: true,
              lastName: true,
              email: true,
              subtotal: true,
              shipping: true,
              tax: true,
              total: true,
              refundedAmount: true,
              status: true,
              paymentProvider: true,
              discount: true,
              discountCode: true,
              giftCardAmount: true,
              balanceDue: true,
              items: { orderBy: { id: "asc" }, select: { id: true, productName: true, variantLabel: true, quantity: true, price: true, total: true, discount: true, tax: true, refunded: true } },
              payments: { orderBy: { id: "asc" }, select: { paymentIntentId: true, amount: true, captured: true } },
              giftCardMovements: { where: { kind: { in: ["redeemed", "refunded"] } }, orderBy: { id: "asc" }, select: { kind: true, amount: true, giftCard: { select: { code: true } } } },
              refunds: { orderBy: { id: "asc" }, select: { id: true, amount: true, giftCardAmount: true, status: true, createdAt: true } },
            },
          });
          opts.onBatch?.(rows.length);
          if (!rows.length) {
            controller.close();
            return;
          }
          cursor = rows[rows.length - 1].id;
          const text = rows
            .map((o) => ({ o, s: orderStatement(o) }))
            .map(({ o, s }) =>
              csvRow([
                o.orderNumber,
                shopDateTime(o.createdAt),
                `${o.firstName} ${o.lastName}`.trim(),
                o.email,
                o.items.map((i) => `${i.quantity} x ${lineName(i.productName, i.variantLabel)}`).join("; "),
                o.subtotal.toFixed(2),
                o.shipping.toFixed(2),
                o.tax.toFixed(2),
                o.total.toFixed(2),
                o.refundedAmount.toFixed(2),
                o.status,
                o.paymentProvider,
                fromCents(s.discount?.amount ?? 0),
                fromCents(s.giftCards.reduce((sum, g) => sum + g.amount, 0)),
                fromCents(s.cardPayments.reduce((sum, p) => sum + p.amount, 0)),
                fromCents(s.balanceDue),
                fromCents(s.refunds.toCard),
                fromCents(s.refunds.toGiftCards.reduce((sum, g) => sum + g.amount, 0)),
                fromCents(s.net),
              ]),
            )
            .join("");
          controller.enqueue(encoder.encode(text));
        } catch (error) {
          log.error({ err: error }, "orders CSV export failed");
          controller.error(error);
        }
      },
    },
    { highWaterMark: 0 },
  );
}
