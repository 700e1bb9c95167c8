// zod/mini: the contact form runs these in the browser, within its first-load budget (docs/decisions/0005-first-load-javascript-budget.md).
import * as z from "zod/mini";
import { isSingleLine, singleLineMessage } from "@/lib/single-line";

export { looksLikeEmail } from "@/lib/content/rules";

/** Spec §5 contact rules and messages (shared by the form and POST /api/contact). */
export const contactMessageSchema = z.object(
  {
    name: z
      .string({ message: "Name must be at least 2 characters" })
      .check(z.trim(), z.minLength(2, "Name must be at least 2 characters"), z.maxLength(120, "Name is too long"), z.refine(isSingleLine, singleLineMessage("Name"))),
    email: z.pipe(
      z.string({ message: "Please enter a valid email address" }).check(z.trim()),
      z.email("Please enter a valid email address").check(z.maxLength(254, "Please enter a valid email address")),
    ),
    phone: z.pipe(
      z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(40, "Phone number is too long")))),
      z.transform((v: string | null | undefined) => v || undefined),
    ),
    subject: z
      .string({ message: "Subject must be at least 5 characters" })
      .check(z.trim(), z.minLength(5, "Subject must be at least 5 characters"), z.maxLength(200, "Subject is too long"), z.refine(isSingleLine, singleLineMessage("Subject"))),
    message: z.string({ message: "Message must be at least 10 characters" }).check(z.trim(), z.minLength(10, "Message must be at least 10 characters"), z.maxLength(5000, "Message is too long")),
  },
  { message: "Request body must be a JSON object" },
);
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

export const newsletterSchema = z.object(
  {
    email: z.pipe(
      z.string({ message: "Please enter a valid email address." }).check(z.trim(), z.toLowerCase()),
      z.email("Please enter a valid email address.").check(z.maxLength(254, "Please enter a valid email address.")),
    ),
  },
  { message: "Please enter a valid email address." },
);

export type NewsletterSignup = z.output<typeof newsletterSchema>;
