import { z } from "@/lib/zod";

export { looksLikeEmail } from "@/lib/content/rules";

/** Spec §5 contact rules and messages (shared by the form and POST /api/contact). */
export const contactMessageSchema = z.object({
  name: z.string({ message: "Name must be at least 2 characters" }).trim().min(2, "Name must be at least 2 characters").max(120, "Name is too long"),
  email: z.string({ message: "Please enter a valid email address" }).trim().pipe(z.email("Please enter a valid email address").max(254, "Please enter a valid email address")),
  phone: z
    .string()
    .trim()
    .max(40, "Phone number is too long")
    .optional()
    .nullable()
    .transform((v) => v || undefined),
  subject: z.string({ message: "Subject must be at least 5 characters" }).trim().min(5, "Subject must be at least 5 characters").max(200, "Subject is too long"),
  message: z.string({ message: "Message must be at least 10 characters" }).trim().min(10, "Message must be at least 10 characters").max(5000, "Message is too long"),
}, { message: "Request body must be a JSON object" });
export type ContactMessageInput = z.input<typeof contactMessageSchema>;

export const newsletterSchema = z.object({
  email: z
    .string({ message: "Please enter a valid email address." })
    .trim()
    .toLowerCase()
    .pipe(z.email("Please enter a valid email address.").max(254, "Please enter a valid email address.")),
}, { message: "Please enter a valid email address." });
