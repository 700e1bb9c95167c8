"use client";

import { useFormContext } from "react-hook-form";
import { NEWSLETTER_FREQUENCY } from "@/lib/site";
import { Input } from "@/components/ui/input";
import type { CheckoutFormInput } from "@/lib/checkout/schemas";
import { CheckoutSection, FormField } from "@/components/checkout/form-field";

/**
 * Contact: email, first and last name, optional phone, newsletter opt-in (spec §3 "Checkout form"),
 * and for a cart with gift cards, who gets them.
 */
export function ContactCard({ giftCards = false }: { giftCards?: boolean }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<CheckoutFormInput>();

  return (
    <CheckoutSection id="contact" step={1} title="Contact" description="We'll send your receipt and shipping updates here.">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="checkout-email" label="Email" error={errors.email?.message} className="sm:col-span-2">
          {(aria) => <Input {...aria} {...register("email")} type="email" autoComplete="email" inputMode="email" spellCheck={false} placeholder="you@example.com" className="h-10" />}
        </FormField>
        <FormField id="checkout-first-name" label="First name" error={errors.firstName?.message}>
          {(aria) => <Input {...aria} {...register("firstName")} autoComplete="given-name" className="h-10" />}
        </FormField>
        <FormField id="checkout-last-name" label="Last name" error={errors.lastName?.message}>
          {(aria) => <Input {...aria} {...register("lastName")} autoComplete="family-name" className="h-10" />}
        </FormField>
        <FormField id="checkout-phone" label="Phone" hint="(optional)" error={errors.phone?.message} description="Only used if there's a question about delivery." className="sm:col-span-2">
          {(aria) => <Input {...aria} {...register("phone")} type="tel" autoComplete="tel" inputMode="tel" placeholder="(555) 555-0100" className="h-10" />}
        </FormField>
        {giftCards && (
          <FormField
            id="checkout-gift-recipient"
            label="Gift card recipient's email"
            hint="(optional)"
            error={errors.giftRecipientEmail?.message}
            description="We email each gift card's code here once you have paid. Leave it empty to get the code yourself."
            className="sm:col-span-2"
          >
            {(aria) => <Input {...aria} {...register("giftRecipientEmail")} type="email" autoComplete="off" inputMode="email" spellCheck={false} placeholder="friend@example.com" className="h-10" />}
          </FormField>
        )}
        <div className="flex items-start gap-3 sm:col-span-2">
          <input
            id="checkout-newsletter"
            type="checkbox"
            aria-describedby="checkout-newsletter-description"
            {...register("newsletter")}
            className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-input accent-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          />
          <div className="text-sm leading-5">
            <label htmlFor="checkout-newsletter" className="cursor-pointer font-medium">
              Subscribe to our newsletter
            </label>
            <p id="checkout-newsletter-description" className="text-muted-foreground">
              New pieces from the workshop, {NEWSLETTER_FREQUENCY}.
            </p>
          </div>
        </div>
      </div>
    </CheckoutSection>
  );
}
