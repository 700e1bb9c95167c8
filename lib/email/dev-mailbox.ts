import "server-only";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { log } from "@/lib/log";
import { env, liveEnv } from "@/lib/env";

/**
 * Without Resend, emails are "delivered" to a local mailbox folder only the
 * owner's account can read (0700 folder, 0600 files): the full message,
 * secrets included, as an email in an inbox would be. The outbox record in
 * the database and the log line carry the redacted copy.
 * DEV_MAILBOX_DIR (default .data/mailbox; on Vercel the OS temp folder), read on every call like UPLOADS_DIR.
 */
export function devMailboxDir(): string {
  // On Vercel the project directory is read-only: the function's temporary folder is all there is.
  const fallback = env.VERCEL ? path.join(tmpdir(), "mm-mailbox") : ".data/mailbox";
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), liveEnv("DEV_MAILBOX_DIR") ?? fallback);
}

export type MailboxMessage = { to: string; subject: string; text: string };

const safeName = (to: string) => to.replace(/[^a-z0-9@._-]/gi, "_").slice(0, 80);

/** Writes the message; returns its file, or null when the disk is not writable (a read-only host: the outbox row remains). */
export function deliverToDevMailbox(id: number, message: MailboxMessage): string | null {
  const dir = devMailboxDir();
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    const file = path.join(dir, `${String(id).padStart(8, "0")}-${safeName(message.to)}.txt`);
    writeFileSync(file, `To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`, { mode: 0o600 });
    return file;
  } catch (error) {
    log.warn({ dir, code: (error as NodeJS.ErrnoException).code ?? "error" }, "dev mailbox: could not write the email");
    return null;
  }
}
