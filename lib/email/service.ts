import "server-only";
import { Resend } from "resend";
import { prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { site } from "@/lib/site";
import { deliverToDevMailbox } from "@/lib/email/dev-mailbox";
import { log } from "@/lib/log";
import { toHeaderValue } from "@/lib/single-line";

export type EmailInput = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Values (a reset token) that reach the recipient but never the outbox record or the log. */
  secrets?: string[];
};
export type SentEmail = { id: number; provider: "resend" | "outbox"; providerId: string | null };

let resend: Resend | undefined;

export const REDACTED = "[redacted]";

/** The message with every secret (raw and URL-encoded) replaced by [redacted]. */
export function redactSecrets<T extends { text: string; html: string }>(message: T, secrets: string[] = []): T {
  const needles = [...new Set(secrets.filter(Boolean).flatMap((s) => [s, encodeURIComponent(s)]))];
  const redact = (value: string) => needles.reduce((out, needle) => out.split(needle).join(REDACTED), value);
  return { ...message, text: redact(message.text), html: redact(message.html) };
}

/**
 * Sends an email: through Resend when RESEND_API_KEY is set, otherwise to
 * the dev mailbox folder (lib/email/dev-mailbox.ts). Every email is recorded
 * in the EmailMessage table (the outbox) with its secrets redacted, so a
 * reset link never rests in the database; without Resend a log line names the
 * outbox row (never the recipient or the body).
 */
export async function sendEmail(email: EmailInput): Promise<SentEmail> {
  // Whatever validation missed (an older stored name), no value can add a header line.
  const input = { ...email, to: toHeaderValue(email.to), subject: toHeaderValue(email.subject), replyTo: email.replyTo === undefined ? undefined : toHeaderValue(email.replyTo) };
  const record = redactSecrets(input, input.secrets);
  let provider: SentEmail["provider"] = "outbox";
  let providerId: string | null = null;
  if (env.RESEND_API_KEY) {
    resend ??= new Resend(env.RESEND_API_KEY);
    const { data, error } = await resend.emails.send({
      from: env.EMAIL_FROM ?? `${site.name} <${site.email}>`,
      to: input.to,
      subject: input.subject,
      text: input.text,
      html: input.html,
      replyTo: input.replyTo,
    });
    if (error) throw new Error(`Resend refused the email: ${error.message}`);
    provider = "resend";
    providerId = data?.id ?? null;
  }
  const row = await prisma.emailMessage.create({
    data: { to: input.to, subject: input.subject, text: record.text, html: record.html, provider, providerId },
  });
  if (provider === "outbox") {
    // The log names the outbox row (its mailbox file starts with that number), never the recipient or the body (lib/log.ts).
    const file = deliverToDevMailbox(row.id, input);
    log.info({ outboxId: row.id, mailbox: file !== null }, "email delivered to the dev outbox");
  }
  return { id: row.id, provider, providerId };
}

export function ownerEmail(): string {
  return env.OWNER_EMAIL ?? site.email;
}
