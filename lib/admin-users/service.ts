import "server-only";
import { endSessionRows } from "@/lib/auth/session-service";
import { entityIdOrNotFound } from "@/lib/admin/ids";
import type { AdminUserCreate, AdminUserUpdate } from "@/lib/admin-users/schemas";
import { hashPassword } from "@/lib/auth/password";
import { auditSnapshot, recordAudit } from "@/lib/audit/service";
import { prisma, Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";

/**
 * Admin accounts (users page, /api/admin/users…). One role: any admin manages
 * every admin. Password hashes never leave this module. A deleted admin loses
 * access at once: the session and bearer-token guards look the id up on every request.
 */
export type AdminUserDTO = { id: number; username: string; email: string; createdAt: string };

export const ADMIN_NOT_FOUND_MESSAGE = "Admin user not found.";
export const DUPLICATE_EMAIL_MESSAGE = "An admin with this email already exists.";
export const DUPLICATE_USERNAME_MESSAGE = "An admin with this username already exists.";
export const DELETE_SELF_MESSAGE = "You cannot delete your own account.";
export const DELETE_LAST_MESSAGE = "You cannot delete the last admin.";

const publicFields = { id: true, username: true, email: true, createdAt: true } satisfies Prisma.AdminUserSelect;

const toDTO = (a: { id: number; username: string; email: string; createdAt: Date }): AdminUserDTO => ({
  id: a.id,
  username: a.username,
  email: a.email,
  createdAt: a.createdAt.toISOString(),
});

const isPrismaError = (error: unknown, code: string) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === code;

/** 409 when another admin already has this email or username (checked before writing, and again if the unique index trips). */
async function assertUnique(data: { email: string; username: string }, exceptId?: number) {
  const clash = await prisma.adminUser.findFirst({
    where: { OR: [{ email: data.email }, { username: data.username }], ...(exceptId ? { NOT: { id: exceptId } } : {}) },
    select: { email: true, username: true },
  });
  if (clash?.email === data.email) throw new AppError("conflict", DUPLICATE_EMAIL_MESSAGE, { email: DUPLICATE_EMAIL_MESSAGE });
  if (clash) throw new AppError("conflict", DUPLICATE_USERNAME_MESSAGE, { username: DUPLICATE_USERNAME_MESSAGE });
}

async function writeOrConflict<T>(data: { email: string; username: string }, exceptId: number | undefined, write: () => Promise<T>): Promise<T> {
  await assertUnique(data, exceptId);
  try {
    return await write();
  } catch (error) {
    if (isPrismaError(error, "P2002")) {
      await assertUnique(data, exceptId); // a concurrent write took the email or username: say which
      throw new AppError("conflict", DUPLICATE_EMAIL_MESSAGE);
    }
    if (isPrismaError(error, "P2025")) throw new AppError("not_found", ADMIN_NOT_FOUND_MESSAGE);
    throw error;
  }
}

export async function listAdminUsers(): Promise<AdminUserDTO[]> {
  const rows = await prisma.adminUser.findMany({ select: publicFields, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map(toDTO);
}

async function readAdminUser(db: Prisma.TransactionClient | typeof prisma, adminId: number): Promise<AdminUserDTO | null> {
  const row = await db.adminUser.findUnique({ where: { id: adminId }, select: publicFields });
  return row ? toDTO(row) : null;
}

export async function getAdminUser(id: number | string): Promise<AdminUserDTO> {
  const row = await readAdminUser(prisma, entityIdOrNotFound(id, ADMIN_NOT_FOUND_MESSAGE));
  if (!row) throw new AppError("not_found", ADMIN_NOT_FOUND_MESSAGE);
  return row;
}

// Audited in each write's transaction (lib/audit/service.ts): passwords are logged as "set" / "new", never stored.
const auditedAdmin = (a: AdminUserDTO | null, password: string) => (a ? { ...a, password } : null);

/** Creates an admin; the password is stored only as an argon2id hash. */
export async function createAdminUser(data: AdminUserCreate): Promise<AdminUserDTO> {
  const passwordHash = await hashPassword(data.password);
  return writeOrConflict(data, undefined, () =>
    prisma.$transaction(async (tx) => {
      const row = toDTO(await tx.adminUser.create({ data: { username: data.username, email: data.email, passwordHash }, select: publicFields }));
      await recordAudit({ entityType: "user", entityId: row.id, action: "create", before: null, after: auditedAdmin(row, "set") }, tx);
      return row;
    }),
  );
}

/**
 * Changes username and email; a new password replaces the hash (and ends that
 * admin's sessions and API tokens, even the acting admin's own), a blank or absent one keeps it.
 */
export async function updateAdminUser(id: number | string, data: AdminUserUpdate): Promise<AdminUserDTO> {
  const adminId = entityIdOrNotFound(id, ADMIN_NOT_FOUND_MESSAGE);
  const exists = await prisma.adminUser.findUnique({ where: { id: adminId }, select: { id: true } });
  if (!exists) throw new AppError("not_found", ADMIN_NOT_FOUND_MESSAGE);
  const passwordHash = data.password ? await hashPassword(data.password) : undefined;
  return writeOrConflict(data, adminId, () =>
    prisma.$transaction(async (tx) => {
      const before = await auditSnapshot(() => readAdminUser(tx, adminId).then((a) => auditedAdmin(a, "")));
      const row = toDTO(
        await tx.adminUser.update({
          where: { id: adminId },
          data: { username: data.username, email: data.email, ...(passwordHash ? { passwordHash, sessionVersion: { increment: 1 } } : {}) },
          select: publicFields,
        }),
      );
      if (passwordHash) await endSessionRows(tx, adminId);
      await recordAudit({ entityType: "user", entityId: adminId, action: "update", before, after: auditedAdmin(row, passwordHash ? "new" : "") }, tx);
      return row;
    }),
  );
}

/**
 * Deletes an admin. Refused (409) for the last remaining admin and for the
 * acting admin's own account. Admin rows are locked while counting, so two
 * admins deleting each other at once cannot leave the shop with none.
 */
export async function deleteAdminUser(id: number | string, actingAdminId: number): Promise<{ id: number; deleted: true }> {
  const adminId = entityIdOrNotFound(id, ADMIN_NOT_FOUND_MESSAGE);
  await prisma.$transaction(async (tx) => {
    const admins = await tx.$queryRaw<Array<{ id: number }>>`SELECT id FROM "AdminUser" ORDER BY id FOR UPDATE`;
    if (!admins.some((a) => a.id === adminId)) throw new AppError("not_found", ADMIN_NOT_FOUND_MESSAGE);
    if (admins.length <= 1) throw new AppError("conflict", DELETE_LAST_MESSAGE);
    if (adminId === actingAdminId) throw new AppError("conflict", DELETE_SELF_MESSAGE);
    const before = await auditSnapshot(() => readAdminUser(tx, adminId).then((a) => auditedAdmin(a, "")));
    await tx.adminUser.delete({ where: { id: adminId } });
    await recordAudit({ entityType: "user", entityId: adminId, action: "delete", before, after: null }, tx);
  });
  return { id: adminId, deleted: true };
}
