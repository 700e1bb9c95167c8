import "server-only";
import { z } from "zod";
import { prisma, type Prisma } from "@/lib/db";
import { csvRow } from "@/lib/csv";
import { toSubscriberDTO, type SubscriberDTO } from "@/lib/newsletter/subscriber-service";

/** The Subscribers screen: search by address, filter by status, 50 a page, newest first; and the CSV of the same. */
export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed", "suppressed"] as const;
export const PAGE_SIZE = 50;

export const subscriberQuerySchema = z.object({
  q: z.string().trim().max(254).optional().catch(undefined),
  status: z.enum(SUBSCRIBER_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
export type SubscriberQuery = z.output<typeof subscriberQuerySchema>;

function where(query: SubscriberQuery): Prisma.NewsletterSubscriberWhereInput {
  return { ...(query.q ? { email: { contains: query.q.toLowerCase() } } : {}), ...(query.status ? { status: query.status } : {}) };
}

export async function listSubscribers(query: SubscriberQuery): Promise<{ subscribers: SubscriberDTO[]; total: number; page: number; pages: number; counts: Record<string, number> }> {
  const page = query.page ?? 1;
  const [rows, total, grouped] = await Promise.all([
    prisma.newsletterSubscriber.findMany({ where: where(query), orderBy: { id: "desc" }, skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE }),
    prisma.newsletterSubscriber.count({ where: where(query) }),
    prisma.newsletterSubscriber.groupBy({ by: ["status"], _count: { _all: true } }),
  ]);
  const counts = Object.fromEntries(SUBSCRIBER_STATUSES.map((s) => [s, grouped.find((g) => g.status === s)?._count._all ?? 0]));
  return { subscribers: rows.map(toSubscriberDTO), total, page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), counts };
}

export const SUBSCRIBER_CSV_HEADER = [
  "Email",
  "Status",
  "Source",
  "Consent at",
  "Consent method",
  "Consent IP",
  "Confirmation asked at",
  "Unsubscribed at",
  "Unsubscribed by",
  "Suppressed at",
  "Suppressed for",
  "Created at",
];

/** Every subscriber matching the query as CSV (lib/csv.ts, the orders export's escaping), read 1,000 at a time. */
export function subscribersCsvStream(query: SubscriberQuery): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = 0;
  let headerSent = false;
  return new ReadableStream({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvRow(SUBSCRIBER_CSV_HEADER)));
        return;
      }
      const rows = await prisma.newsletterSubscriber.findMany({ where: { ...where(query), id: { gt: after } }, orderBy: { id: "asc" }, take: 1000 });
      if (!rows.length) return controller.close();
      after = rows.at(-1)!.id;
      const iso = (d: Date | null) => d?.toISOString() ?? "";
      controller.enqueue(
        encoder.encode(
          rows
            .map((s) =>
              csvRow([
                s.email,
                s.status,
                s.source,
                iso(s.consentAt),
                s.consentMethod,
                s.consentIp,
                iso(s.requestedAt),
                iso(s.unsubscribedAt),
                s.unsubscribeMethod,
                iso(s.suppressedAt),
                s.suppressedReason,
                iso(s.createdAt),
              ]),
            )
            .join(""),
        ),
      );
    },
  });
}
