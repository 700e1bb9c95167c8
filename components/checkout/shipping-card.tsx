"use client";

import { ChevronDown } from "lucide-react";
import { useFormContext } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { SHIPPING_COUNTRIES, type CheckoutFormInput } from "@/lib/checkout/schemas";
import { CheckoutSection, FormField } from "@/components/checkout/form-field";

/** Shipping address (spec §3): line1, optional line2, city, state, postal code, country (US by default); then the delivery options, when there is a choice (`children`). */
export function ShippingCard({ children, choice = false }: { children?: React.ReactNode; choice?: boolean }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<CheckoutFormInput>();
  const e = errors.shippingAddress;

  return (
    <CheckoutSection id="shipping" step={2} title="Shipping address" description={choice ? "Shipped with tracking, the way you choose below." : "Shipped with USPS Ground Advantage, with tracking."}>
      <div className="grid gap-4 sm:grid-cols-6">
        <FormField id="checkout-line1" label="Address" error={e?.line1?.message} className="sm:col-span-6">
          {(aria) => <Input {...aria} {...register("shippingAddress.line1")} autoComplete="address-line1" placeholder="Street address" className="h-10" />}
        </FormField>
        <FormField id="checkout-line2" label="Apartment, suite, etc. (optional)" error={e?.line2?.message} className="sm:col-span-6">
          {(aria) => <Input {...aria} {...register("shippingAddress.line2")} autoComplete="address-line2" className="h-10" />}
        </FormField>
        <FormField id="checkout-city" label="City" error={e?.city?.message} className="sm:col-span-3">
          {(aria) => <Input {...aria} {...register("shippingAddress.city")} autoComplete="address-level2" className="h-10" />}
        </FormField>
        <FormField id="checkout-state" label="State" error={e?.state?.message} className="sm:col-span-3 lg:col-span-1">
          {(aria) => <Input {...aria} {...register("shippingAddress.state")} autoComplete="address-level1" placeholder="NC" className="h-10" />}
        </FormField>
        <FormField id="checkout-postal-code" label="ZIP / postal code" error={e?.postalCode?.message} className="sm:col-span-3 lg:col-span-2">
          {(aria) => <Input {...aria} {...register("shippingAddress.postalCode")} autoComplete="postal-code" inputMode="numeric" className="h-10" />}
        </FormField>
        <FormField id="checkout-country" label="Country" error={e?.country?.message} className="sm:col-span-3 lg:col-span-6">
          {(aria) => (
            <div className="relative">
              <NativeSelect {...aria} {...register("shippingAddress.country")} autoComplete="country" className="h-10 w-full appearance-none pr-9 text-base md:text-sm">
                {SHIPPING_COUNTRIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect>
              <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 opacity-50" />
            </div>
          )}
        </FormField>
      </div>
      {children}
    </CheckoutSection>
  );
}
