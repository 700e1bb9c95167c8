import "server-only";
import { actingAdmin } from "@/lib/audit/context";
import { changedFields } from "@/lib/audit/diff";
import { prisma, Prisma } from "@/lib/db";

/**
 * The admin audit log: every back-office write (products, categories,
 * customers, users, orders, reviews, the shop's settings) appends one row — who, what, when, and the
 * before/after of the fields that changed. Writes made outside an admin
 * request (checkout, webhooks, seeding) are not admin writes and are not logged.
 *
 * One way to record a write: `recordAudit(entry, tx)` inside the write's own
 * transaction (so a write and its audit row commit or roll back together),
 * with the before/after snapshots read by `auditSnapshot` in that transaction.
 */
export const AUDIT_ENTITY_TYPES = [
  "product",
  "category",
  "customer",
  "user",
  "order",
  "review",
  "commission",
  "discount_code",
  "gift_card",
  "settings",
  "subscriber",
  "campaign",
  "shipping_zone",
  "shipping_box",
  "session",
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

type Db = Prisma.TransactionClient | typeof prisma;
type Snapshot = Record<string, unknown> | null;

export type AuditEntry = { entityType: AuditEntityType; entityId: number | string | null; action: string; before: Snapshot; after: Snapshot };

/** Appends one audit row for the acting admin (no-op outside an admin request, or when nothing changed on an update). */
export async function recordAudit(entry: AuditEntry, db: Db = prisma): Promise<void> {
  const admin = actingAdmin();
  if (!admin) return;
  const diff = changedFields(entry.before, entry.after);
  if (entry.before && entry.after && diff.changed.length === 0) return;
  await db.auditLog.create({
    data: {
      adminUserId: admin.id,
      adminName: admin.username,
      entityType: entry.entityType,
      entityId: entry.entityId === null ? null : String(entry.entityId),
      action: entry.action,
      before: (diff.before as Prisma.InputJsonObject | null) ?? Prisma.DbNull,
      after: (diff.after as Prisma.InputJsonObject | null) ?? Prisma.DbNull,
    },
  });
}

/**
 * A row as the audit log keeps it, read (with the write's transaction client)
 * only when an admin is acting: null otherwise, and when there is no row.
 */
export async function auditSnapshot(read: () => Promise<object | null>): Promise<Snapshot> {
  if (!actingAdmin()) return null;
  const value = await read();
  return value ? ({ ...value } as Record<string, unknown>) : null;
}
