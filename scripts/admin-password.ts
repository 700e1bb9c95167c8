/**
 * npm run admin:password -- <email>
 * Gives an admin a new generated password, shown on this terminal only
 * (never in a log), and ends the admin's sessions. For the owner who set no
 * ADMIN_PASSWORD and started the shop without a terminal. Uses DATABASE_URL,
 * or the embedded database when the shop is stopped (one owner at a time).
 */
import path from "node:path";
import { hashPassword } from "@/lib/auth/password";
import { createPrismaClient } from "@/lib/db/client";
import { startEmbeddedDatabase } from "@/lib/db/embedded";
import { generatePassword } from "@/lib/startup/seed";
import { boxed, showOnTerminal } from "@/lib/terminal/show-secret";

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error("usage: npm run admin:password -- <admin email>");
  process.exit(2);
}
if (!process.stdout.isTTY && !showOnTerminal("")) {
  console.error("Run this in a terminal: the new password is shown there only, never in a log.");
  process.exit(1);
}

const embedded = process.env.DATABASE_URL ? null : await startEmbeddedDatabase({ dataDir: process.env.EMBEDDED_DB_DIR ? path.resolve(process.env.EMBEDDED_DB_DIR) : undefined });
const prisma = createPrismaClient(process.env.DATABASE_URL || embedded!.url, 2);
try {
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const updated = await prisma.$transaction(async (tx) => {
    const admin = await tx.adminUser.findUnique({ where: { email }, select: { id: true } });
    if (!admin) return { count: 0 };
    await tx.adminUser.update({ where: { id: admin.id }, data: { passwordHash, sessionVersion: { increment: 1 } } });
    // As lib/auth/session-service.ts endSessionRows (a server-only module, not loaded by this script): the Sessions screen stops listing them.
    await tx.adminSession.updateMany({ where: { adminUserId: admin.id, endedAt: null }, data: { endedAt: new Date() } });
    return { count: 1 };
  });
  if (!updated.count) {
    console.error(`No admin with the email ${email}.`);
    process.exitCode = 1;
  } else {
    showOnTerminal(boxed([`New password for ${email}: ${password}`, "Shown once. Every earlier session of this admin has ended."]));
  }
} finally {
  await prisma.$disconnect();
  await embedded?.stop();
}
