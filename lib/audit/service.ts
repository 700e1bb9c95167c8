import "server-only";
import { actingAdmin } from "@/lib/audit/context";
import { changedFields } from "@/lib/audit/diff";
import { prisma, Prisma } from "@/lib/db";

/**
 * The admin audit log: every back-office write (products, categories,
 * customers, users, orders) appends one row — who, what, when, and the
 * before/after of the fields that changed. Writes made outside an admin
 * request (checkout, webhooks, seeding) are not admin writes and are not logged.
 */
export const AUDIT_ENTITY_TYPES = ["product", "category", "customer", "user", "order"] as const;
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
 * Runs an admin write and logs it: `before` reads the row first (updates and
 * deletes), `after` turns the result into the logged snapshot (creates and updates).
 */
export async function auditedWrite<T>(
  spec: { entityType: AuditEntityType; action: "create" | "update" | "delete"; entityId?: number | string; before?: () => Promise<Snapshot>; after?: (result: T) => Snapshot },
  write: () => Promise<T>,
): Promise<T> {
  if (!actingAdmin()) return write();
  const before = spec.before ? await spec.before() : null;
  const result = await write();
  const after = spec.after ? spec.after(result) : null;
  const id = spec.entityId ?? (after && (typeof after.id === "number" || typeof after.id === "string") ? after.id : null);
  await recordAudit({ entityType: spec.entityType, entityId: id ?? null, action: spec.action, before, after });
  return result;
}
