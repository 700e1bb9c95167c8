/**
 * The first admin's generated password is shown once on a terminal, never
 * in a log: with output redirected (a log file, a service manager), the
 * seed says an admin was created and how to set a password, and prints no
 * password. The database keeps only its argon2 hash.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createPrismaClient } from "@/lib/db/client";
import { startEmbeddedDatabase } from "@/lib/db/embedded";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "mm-first-admin-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("is not written to redirected output, and the admin exists with a hashed password", async () => {
  const env = { ...process.env, EMBEDDED_DB_DIR: path.join(dir, "pglite"), ADMIN_EMAIL: "owner@example.com" } as NodeJS.ProcessEnv;
  delete env.DATABASE_URL;
  delete env.ADMIN_PASSWORD;
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-seed.ts"], { env, encoding: "utf8", timeout: 120_000, stdio: ["ignore", "pipe", "pipe"] });
  expect(result.status).toBe(0);
  const output = `${result.stdout}\n${result.stderr}`;
  expect(output).toMatch(/Created admin owner@example\.com (with a generated password that was not shown \(no terminal\)|; its generated password was shown on the terminal \(not in this log\))/);
  expect(output).not.toContain("Admin sign-in:");
  // No 24-character generated password anywhere (a migration's name, "20261127160000_sales_tax", may be as long: those lines are the migrator's).
  expect(output.replace(/^applied migration \S+$/gm, "")).not.toMatch(/\b[A-Za-z0-9_-]{24}\b/);
  expect(output).toContain("applied migration 20261127160000_sales_tax");

  const db = await startEmbeddedDatabase({ dataDir: path.join(dir, "pglite") });
  const prisma = createPrismaClient(db.url, 1);
  try {
    const admin = await prisma.adminUser.findUniqueOrThrow({ where: { email: "owner@example.com" } });
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
  } finally {
    await prisma.$disconnect();
    await db.stop();
  }
});
