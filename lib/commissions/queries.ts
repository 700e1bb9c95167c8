import "server-only";
import { prisma } from "@/lib/db";
import type { CommissionStatus } from "@/lib/commissions/rules";
import { quoteView } from "@/lib/commissions/service";
import { decimalToCents } from "@/lib/money";
import type { CommissionPhoto } from "@/lib/commissions/schemas";

/** The Commissions board: newest first within a status, open ones by default. */
export async function listCommissionsForAdmin(status?: CommissionStatus) {
  const rows = await prisma.commission.findMany({
    where: status ? { status } : { status: { notIn: ["closed", "declined", "refunded"] } },
    orderBy: { createdAt: "desc" },
    take: 200,
    select: { id: true, reference: true, status: true, name: true, email: true, description: true, budget: true, wantedBy: true, createdAt: true, _count: { select: { messages: true } } },
  });
  return rows.map((r) => ({ ...r, messageCount: r._count.messages }));
}

/** One commission with its thread, quotes (newest first) and audit trail. */
export async function getCommissionForAdmin(id: number) {
  const commission = await prisma.commission.findUnique({
    where: { id },
    include: {
      messages: { orderBy: { createdAt: "asc" } },
      quotes: {
        orderBy: { createdAt: "desc" },
        include: { order: { select: { orderNumber: true, status: true, total: true, balanceDue: true, refundedAmount: true } }, balanceOrder: { select: { orderNumber: true } } },
      },
      product: { select: { name: true, slug: true } },
      galleryPiece: { select: { name: true, slug: true } },
    },
  });
  if (!commission) return null;
  const trail = await prisma.auditLog.findMany({
    where: { entityType: "commission", entityId: String(id) },
    orderBy: { createdAt: "asc" },
    select: { id: true, action: true, adminName: true, createdAt: true },
  });
  // A deposit order still owing its balance, not cancelled nor refunded: what the maker's balance link asks for.
  const owing = commission.quotes.find((q) => q.order && q.order.status !== "cancelled" && !q.order.balanceDue.isZero() && q.order.refundedAmount.isZero())?.order;
  return {
    ...commission,
    photos: commission.photos as CommissionPhoto[],
    quotes: commission.quotes.map((q) => ({
      ...quoteView(q),
      status: q.status,
      createdAt: q.createdAt,
      adminName: q.adminName,
      paidAt: q.paidAt,
      orderNumber: q.order?.orderNumber ?? q.balanceOrder?.orderNumber ?? null,
      orderStatus: q.order?.status ?? null,
      balanceOf: q.balanceOrder?.orderNumber ?? null,
    })),
    balance: owing ? { orderNumber: owing.orderNumber, dueCents: decimalToCents(owing.balanceDue), paidCents: decimalToCents(owing.total) - decimalToCents(owing.balanceDue) } : null,
    trail,
  };
}
export type AdminCommission = NonNullable<Awaited<ReturnType<typeof getCommissionForAdmin>>>;

/** "Want one like this?": the product a request starts from (/commission?product={slug}), when it is still in the shop. */
export async function productForCommission(slug: unknown) {
  if (typeof slug !== "string" || slug.length > 200 || !/^[a-z0-9-]+$/.test(slug)) return null;
  return prisma.product.findFirst({ where: { slug, active: true }, select: { id: true, name: true, slug: true } });
}
