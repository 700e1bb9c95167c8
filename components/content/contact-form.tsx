"use client";

import { useForm } from "react-hook-form";
import { lazyResolver } from "@/components/forms/lazy-resolver";
import { Loader2, Send } from "lucide-react";
import { toast } from "@/components/ui/toast";
import { useHydrated } from "@/components/cart/use-hydrated";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import type { ContactMessageInput } from "@/lib/content/schemas";

// zod and the schema arrive on first focus of the form, not in the page's first load.
const contact = lazyResolver(() => import("@/components/content/contact-resolver").then((m) => m.contactResolver));

const EMPTY: ContactMessageInput = { name: "", email: "", phone: "", subject: "", message: "" };

/** Spec §2 contact form: validated with the shared contactMessageSchema (loaded lazily), sent to POST /api/contact. */
export function ContactForm() {
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: contact.resolver, defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await fetch("/api/contact", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(values),
      });
      if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
      toast.success("Message sent!", { description: "Thank you for your message. We'll get back to you soon." });
      reset(EMPTY);
    } catch (error) {
      console.error("Contact message failed", error);
      toast.error("Error", { description: "Failed to send message. Please try again." });
    }
  });

  return (
    <form onSubmit={onSubmit} onFocus={contact.preload} noValidate aria-busy={isSubmitting} className="grid gap-5 sm:grid-cols-2">
      <Field id="contact-name" label="Name" error={errors.name?.message}>
        {(aria) => <Input {...aria} {...register("name")} autoComplete="name" placeholder="Your name" className="h-10" />}
      </Field>
      <Field id="contact-email" label="Email" error={errors.email?.message}>
        {(aria) => <Input {...aria} {...register("email")} type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" className="h-10" />}
      </Field>
      <Field id="contact-phone" label="Phone" hint="(optional)" error={errors.phone?.message}>
        {(aria) => <Input {...aria} {...register("phone")} type="tel" autoComplete="tel" placeholder="(555) 555-0100" className="h-10" />}
      </Field>
      <Field id="contact-subject" label="Subject" error={errors.subject?.message}>
        {(aria) => <Input {...aria} {...register("subject")} placeholder="Custom bowl, order question…" className="h-10" />}
      </Field>
      <Field id="contact-message" label="Message" error={errors.message?.message} className="sm:col-span-2">
        {(aria) => (
          <Textarea {...aria} {...register("message")} rows={6} placeholder="Tell me about the piece you have in mind, the wood you like, or the setup your jig needs to fit." className="min-h-36!" />
        )}
      </Field>
      <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">I usually reply within one working day.</p>
        {/* Disabled until the form's code has hydrated (it arrives in its own chunk): a click before
            that would submit the bare HTML form, reloading the page with the fields in its address. */}
        <Button type="submit" size="lg" disabled={isSubmitting || !hydrated} className="h-11 sm:min-w-40">
          {isSubmitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
          {isSubmitting ? "Sending..." : "Send Message"}
        </Button>
      </div>
    </form>
  );
}
