import * as z from "zod/mini";
import { DEFAULT_COUNTRY } from "@/lib/checkout/pricing";

/**
 * The checkout form (spec §3 "Checkout form", §5 "Checkout required"): zod/mini
 * (the browser runs it, within /checkout's first-load budget: docs/decisions/0005-…),
 * used by the checkout page's react-hook-form. The server validates the
 * address with this very shippingAddressSchema (lib/checkout/api-schemas.ts):
 * one rule in both places, United States only.
 */

export const CHECKOUT_MESSAGES = {
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  giftRecipientInvalid: "Enter the recipient's email address, or leave it empty to get the gift card yourself",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  line1Required: "Address is required",
  cityRequired: "City is required",
  stateRequired: "State is required",
  postalCodeRequired: "ZIP / postal code is required",
  countryUnsupported: "We currently ship within the United States only",
} as const;

/** Countries the shop ships to: USPS Ground Advantage is a domestic service (spec §7 shippingService). */
export const SHIPPING_COUNTRIES = [{ code: "US", name: "United States" }] as const;

const required = (message: string, max: number) => z.string({ message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, `Please use at most ${max} characters`));

export const shippingAddressSchema = z.object({
  line1: required(CHECKOUT_MESSAGES.line1Required, 200),
  /** Optional; blank or null (API callers) is dropped. */
  line2: z.optional(
    z.pipe(
      z.nullish(z.string().check(z.trim(), z.maxLength(200, "Please use at most 200 characters"))),
      z.transform((v: string | null | undefined) => v || undefined),
    ),
  ),
  city: required(CHECKOUT_MESSAGES.cityRequired, 100),
  state: required(CHECKOUT_MESSAGES.stateRequired, 100),
  postalCode: required(CHECKOUT_MESSAGES.postalCodeRequired, 20),
  country: z._default(z.string().check(z.trim(), z.toUpperCase()), DEFAULT_COUNTRY).check(z.refine((code) => SHIPPING_COUNTRIES.some((c) => c.code === code), CHECKOUT_MESSAGES.countryUnsupported)),
});

export const checkoutFormSchema = z.object({
  email: z.pipe(
    z.string({ message: CHECKOUT_MESSAGES.emailRequired }).check(z.trim(), z.minLength(1, CHECKOUT_MESSAGES.emailRequired)),
    z.email(CHECKOUT_MESSAGES.emailInvalid).check(z.maxLength(254, CHECKOUT_MESSAGES.emailInvalid)),
  ),
  firstName: required(CHECKOUT_MESSAGES.firstNameRequired, 100),
  lastName: required(CHECKOUT_MESSAGES.lastNameRequired, 100),
  phone: z.optional(z.string().check(z.trim(), z.maxLength(40, "Phone number is too long"))),
  newsletter: z._default(z.boolean(), false),
  /** Who gets the gift cards in the cart: blank means the buyer. Asked only when the cart holds one. */
  giftRecipientEmail: z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(254, CHECKOUT_MESSAGES.giftRecipientInvalid),
      z.refine((v) => v === "" || z.email().safeParse(v).success, CHECKOUT_MESSAGES.giftRecipientInvalid),
    ),
  ),
  shippingAddress: shippingAddressSchema,
});

/** What the form holds while editing (country and newsletter may be missing). */
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
/** What a valid submit produces (trimmed, defaults applied). */
export type CheckoutFormValues = z.output<typeof checkoutFormSchema>;
export type ShippingAddress = z.output<typeof shippingAddressSchema>;

type AddressLike = Partial<Record<"line1" | "line2" | "city" | "state" | "postalCode" | "country", string | null>> | null | undefined;

/** Spec §4: the address is complete when line1, city, state and postalCode are filled (blank counts as empty). */
export function isAddressComplete(addr: AddressLike): boolean {
  if (!addr) return false;
  return [addr.line1, addr.city, addr.state, addr.postalCode].every((v) => typeof v === "string" && v.trim().length > 0);
}

/** True when `value` would pass the form's email rule (used to decide what contact details to send early). */
export function isValidEmail(value: string | null | undefined): boolean {
  return checkoutFormSchema.shape.email.safeParse(value ?? "").success;
}
