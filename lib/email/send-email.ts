import "server-only";
import { Resend } from "resend";
import { prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { site } from "@/lib/site";

export type EmailInput = { to: string; subject: string; text: string; html: string; replyTo?: string };
export type SentEmail = { id: number; provider: "resend" | "outbox"; providerId: string | null };

let resend: Resend | undefined;

/**
 * Sends an email: through Resend when RESEND_API_KEY is set, otherwise into
 * the dev outbox (the EmailMessage table, also logged to the console). Every
 * email is recorded either way, so tests and the maker can read what was sent.
 */
export async function sendEmail(input: EmailInput): Promise<SentEmail> {
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
  } else if (env.NODE_ENV !== "test") {
    console.info(`[outbox] to=${input.to} subject="${input.subject}"\n${input.text}\n[/outbox]`);
  }
  const row = await prisma.emailMessage.create({
    data: { to: input.to, subject: input.subject, text: input.text, html: input.html, provider, providerId },
  });
  return { id: row.id, provider, providerId };
}

export function ownerEmail(): string {
  return env.OWNER_EMAIL ?? site.email;
}
