import "server-only";
import { prisma } from "@/lib/db";
import type { ContactMessage, NewsletterSignup } from "@/lib/content/schemas";
import { ownerEmail, sendEmail } from "@/lib/email/service";
import { contactNotificationEmail } from "@/lib/email/templates";
import { requestSubscription } from "@/lib/newsletter/subscriber-service";

/** Stores a contact message and notifies the owner by email. */
export async function submitContactMessage(data: ContactMessage) {
  const saved = await prisma.contactMessage.create({ data: { ...data, phone: data.phone ?? null } });
  const email = contactNotificationEmail(data);
  await sendEmail({ to: ownerEmail(), replyTo: data.email, ...email });
  return { id: saved.id };
}

/**
 * The footer form: a pending subscriber and a confirmation email with a signed link;
 * only a confirmed address gets newsletters. Idempotent: an address already confirmed is a success
 * that changes nothing (and sends no email). `ip` is the client address, kept with the consent.
 */
export async function subscribeToNewsletter({ email }: NewsletterSignup, ip: string | null = null) {
  return requestSubscription(email, { ip, source: "footer" });
}
