import "server-only";
import { entityIdOrNotFound } from "@/lib/admin/ids";
import { SHOP_TIME_ZONE } from "@/lib/admin/stats-queries";
import type { CustomerUpdate } from "@/lib/customers/schemas";
import { auditSnapshot, recordAudit } from "@/lib/audit/service";
import { prisma, Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { actingAdmin } from "@/lib/audit/context";
import { setSubscriptionFromCustomerEdit } from "@/lib/newsletter/subscriber-service";

/** Customers as the admin sees them (customers page, GET/PUT/DELETE /api/admin/customers…). */
export type CustomerDTO = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  newsletterSubscribed: boolean;
  newsletterSubscribedAt: string | null;
  createdAt: string;
  orderCount: number;
};

export type CustomerStats = { total: number; newsletterSubscribers: number; joinedThisMonth: number };

export const CUSTOMER_NOT_FOUND_MESSAGE = "Customer not found.";
export const CUSTOMER_HAS_ORDERS_MESSAGE = "This customer has orders and cannot be deleted.";

const customerSelect = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  phone: true,
  newsletterSubscribed: true,
  newsletterSubscribedAt: true,
  createdAt: true,
  _count: { select: { orders: true } },
} satisfies Prisma.CustomerSelect;

type CustomerRow = Prisma.CustomerGetPayload<{ select: typeof customerSelect }>;

function toCustomerDTO(c: CustomerRow): CustomerDTO {
  return {
    id: c.id,
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    phone: c.phone,
    newsletterSubscribed: c.newsletterSubscribed,
    newsletterSubscribedAt: c.newsletterSubscribedAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
    orderCount: c._count.orders,
  };
}

const isPrismaError = (error: unknown, code: string) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === code;

/** Every customer (buyers and newsletter-only sign-ups), newest first, with how many orders each has. */
export async function listCustomers(): Promise<CustomerDTO[]> {
  const rows = await prisma.customer.findMany({ select: customerSelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(toCustomerDTO);
}

async function readCustomer(db: Prisma.TransactionClient | typeof prisma, customerId: number): Promise<CustomerDTO | null> {
  const row = await db.customer.findUnique({ where: { id: customerId }, select: customerSelect });
  return row ? toCustomerDTO(row) : null;
}

export async function getCustomer(id: number | string): Promise<CustomerDTO> {
  const row = await readCustomer(prisma, entityIdOrNotFound(id, CUSTOMER_NOT_FOUND_MESSAGE));
  if (!row) throw new AppError("not_found", CUSTOMER_NOT_FOUND_MESSAGE);
  return row;
}

/** The customers page tiles; "this month" is the calendar month in the shop's time zone. */
export async function customerStats(): Promise<CustomerStats> {
  const [total, newsletterSubscribers, joined] = await Promise.all([
    prisma.customer.count(),
    prisma.customer.count({ where: { newsletterSubscribed: true } }),
    prisma.$queryRaw<Array<{ count: number }>>`
      SELECT count(*)::int AS count FROM "Customer"
      WHERE ("createdAt" AT TIME ZONE 'UTC' AT TIME ZONE ${SHOP_TIME_ZONE}) >= date_trunc('month', now() AT TIME ZONE ${SHOP_TIME_ZONE})`,
  ]);
  return { total, newsletterSubscribers, joinedThisMonth: Number(joined[0]?.count ?? 0) };
}

/**
 * Changes a customer's name and newsletter flag. Subscribing (from off) stamps
 * newsletterSubscribedAt now; staying subscribed keeps the original date;
 * unsubscribing clears it.
 */
export async function updateCustomer(id: number | string, data: CustomerUpdate): Promise<CustomerDTO> {
  const customerId = entityIdOrNotFound(id, CUSTOMER_NOT_FOUND_MESSAGE);
  const current = await prisma.customer.findUnique({ where: { id: customerId }, select: { newsletterSubscribed: true, email: true } });
  if (!current) throw new AppError("not_found", CUSTOMER_NOT_FOUND_MESSAGE);

  const update: Prisma.CustomerUpdateInput = {};
  if (data.firstName !== undefined) update.firstName = data.firstName;
  if (data.lastName !== undefined) update.lastName = data.lastName;
  // The flag follows the customer's subscriber row: ticking confirms it, clearing unsubscribes it.
  const subscriptionChange = data.newsletterSubscribed === false || (data.newsletterSubscribed === true && !current.newsletterSubscribed) ? data.newsletterSubscribed : undefined;
  try {
    return await prisma.$transaction(async (tx) => {
      const before = await auditSnapshot(() => readCustomer(tx, customerId));
      if (subscriptionChange !== undefined) {
        const at = await setSubscriptionFromCustomerEdit(tx, current.email, subscriptionChange, { adminName: actingAdmin()?.username ?? null, now: new Date() });
        update.newsletterSubscribed = at !== null;
        update.newsletterSubscribedAt = at;
      }
      const row = toCustomerDTO(await tx.customer.update({ where: { id: customerId }, data: update, select: customerSelect }));
      await recordAudit({ entityType: "customer", entityId: customerId, action: "update", before, after: { ...row } }, tx);
      return row;
    });
  } catch (error) {
    if (isPrismaError(error, "P2025")) throw new AppError("not_found", CUSTOMER_NOT_FOUND_MESSAGE);
    throw error;
  }
}

/** Deletes a customer who has no orders; one with orders is refused (409), their row untouched. */
export async function deleteCustomer(id: number | string): Promise<{ id: number; deleted: true }> {
  const customerId = entityIdOrNotFound(id, CUSTOMER_NOT_FOUND_MESSAGE);
  const row = await prisma.customer.findUnique({ where: { id: customerId }, select: { _count: { select: { orders: true } } } });
  if (!row) throw new AppError("not_found", CUSTOMER_NOT_FOUND_MESSAGE);
  if (row._count.orders > 0) throw new AppError("conflict", CUSTOMER_HAS_ORDERS_MESSAGE);
  try {
    await prisma.$transaction(async (tx) => {
      const before = await auditSnapshot(() => readCustomer(tx, customerId));
      await tx.customer.delete({ where: { id: customerId } });
      await recordAudit({ entityType: "customer", entityId: customerId, action: "delete", before, after: null }, tx);
    });
  } catch (error) {
    // An order placed between the check and the delete: the foreign key refuses it.
    if (isPrismaError(error, "P2003")) throw new AppError("conflict", CUSTOMER_HAS_ORDERS_MESSAGE);
    if (isPrismaError(error, "P2025")) throw new AppError("not_found", CUSTOMER_NOT_FOUND_MESSAGE);
    throw error;
  }
  return { id: customerId, deleted: true };
}
