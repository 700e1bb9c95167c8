import "server-only";
import { prisma } from "@/lib/db";
import type { ContactMessage, NewsletterSignup } from "@/lib/content/schemas";
import { ownerEmail, sendEmail } from "@/lib/email/service";
import { contactNotificationEmail, newsletterWelcomeEmail } from "@/lib/email/templates";

/** Stores a contact message and notifies the owner by email. */
export async function submitContactMessage(data: ContactMessage) {
  const saved = await prisma.contactMessage.create({ data: { ...data, phone: data.phone ?? null } });
  const email = contactNotificationEmail(data);
  await sendEmail({ to: ownerEmail(), replyTo: data.email, ...email });
  return { id: saved.id };
}

/**
 * Subscribes an email to the newsletter. Idempotent: subscribing again is a
 * success that changes nothing (and sends no second welcome email).
 */
export async function subscribeToNewsletter({ email }: NewsletterSignup) {
  const existing = await prisma.customer.findUnique({ where: { email } });
  if (existing?.newsletterSubscribed) return { subscribed: true, alreadySubscribed: true };
  await prisma.customer.upsert({
    where: { email },
    create: { email, newsletterSubscribed: true, newsletterSubscribedAt: new Date() },
    update: { newsletterSubscribed: true, newsletterSubscribedAt: new Date() },
  });
  await sendEmail({ to: email, ...newsletterWelcomeEmail() });
  return { subscribed: true, alreadySubscribed: false };
}
