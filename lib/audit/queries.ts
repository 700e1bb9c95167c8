import "server-only";
import { AUDIT_ENTITY_TYPES, type AuditEntityType } from "@/lib/audit/service";
import { prisma } from "@/lib/db";
import { z } from "@/lib/zod";

/** The Activity page: the audit log newest first, filtered by admin and by entity type, 50 at a time. */
export const ACTIVITY_PAGE_SIZE = 50;

export const activityFilterSchema = z.object({
  admin: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "admin must be an admin id")
    .transform(Number)
    .optional()
    .catch(undefined),
  type: z.enum(AUDIT_ENTITY_TYPES).optional().catch(undefined),
  before: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .optional()
    .catch(undefined),
});
export type ActivityFilter = z.output<typeof activityFilterSchema>;

export type AuditLogDTO = {
  id: number;
  adminUserId: number | null;
  adminName: string;
  entityType: AuditEntityType;
  entityId: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
};

export async function listAuditLog(filter: ActivityFilter = {}): Promise<{ entries: AuditLogDTO[]; nextBefore: number | null }> {
  const rows = await prisma.auditLog.findMany({
    where: {
      ...(filter.admin ? { adminUserId: filter.admin } : {}),
      ...(filter.type ? { entityType: filter.type } : {}),
      ...(filter.before ? { id: { lt: filter.before } } : {}),
    },
    orderBy: { id: "desc" },
    take: ACTIVITY_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, ACTIVITY_PAGE_SIZE);
  return {
    entries: page.map((r) => ({
      id: r.id,
      adminUserId: r.adminUserId,
      adminName: r.adminName,
      entityType: r.entityType as AuditEntityType,
      entityId: r.entityId,
      action: r.action,
      before: (r.before ?? null) as Record<string, unknown> | null,
      after: (r.after ?? null) as Record<string, unknown> | null,
      createdAt: r.createdAt.toISOString(),
    })),
    nextBefore: rows.length > ACTIVITY_PAGE_SIZE ? page[page.length - 1].id : null,
  };
}

/** Admins who appear in the log (current ones and deleted ones by name), for the filter. */
export async function listAuditAdmins(): Promise<Array<{ id: number; name: string }>> {
  const admins = await prisma.adminUser.findMany({ select: { id: true, username: true }, orderBy: { username: "asc" } });
  return admins.map((a) => ({ id: a.id, name: a.username }));
}
