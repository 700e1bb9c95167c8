import { zodResolver } from "@/components/forms/zod-resolver";
import { contactMessageSchema } from "@/lib/content/schemas";

/** The contact form's resolver, in its own chunk: components/content/contact-form.tsx loads it on first focus. */
export const contactResolver = zodResolver(contactMessageSchema);
