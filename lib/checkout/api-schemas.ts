import { anyCountryAddressSchema, shippingAddressSchema, type ShippingAddress } from "@/lib/checkout/schemas";
import { discountCodeSchema } from "@/lib/discounts/schemas";
import { giftCardCodeSchema } from "@/lib/gift-cards/schemas";
import { shippingRateSchema } from "@/lib/shipping/schemas";
import { z } from "@/lib/zod";

/** Server-side checkout inputs (POST /api/create-payment-intent, POST /api/orders). */
const text = (max: number) => z.string().trim().max(max);
const required = (message: string, max = 200) => z.string({ message }).trim().min(1, message).max(max);

/** The checkout form's own address rule (US only: USPS Ground Advantage is domestic), so browser and server agree. */
export const addressSchema = shippingAddressSchema;
export type Address = ShippingAddress;

export const cartLinesSchema = z
  .array(
    z.object({
      productId: z.number({ message: "productId must be a number" }).int().positive(),
      /** The chosen variant of a product with variants (lib/catalog/variants.ts); absent or null for a product without. */
      variantId: z.number({ message: "variantId must be a number" }).int().positive().max(2_147_483_647, "variantId is too large").nullish(),
      quantity: z.number({ message: "Quantity must be at least 1" }).int().min(1, "Quantity must be at least 1").max(99, "Quantity must be 99 or less"),
    }),
    { message: "items must be a list" },
  )
  .min(1, "Your cart is empty")
  .max(50, "Too many different items in one order");

export const createPaymentIntentSchema = z.object({
  sessionId: z.string({ message: "sessionId is required" }).regex(/^[A-Za-z0-9_-]{1,64}$/, "sessionId is invalid"),
  items: cartLinesSchema,
  email: text(254).optional().nullable(),
  firstName: text(100).optional().nullable(),
  lastName: text(100).optional().nullable(),
  phone: text(40).optional().nullable(),
  newsletter: z.boolean().optional().default(false),
  /** Any country: its shipping zone decides (lib/shipping/service.ts priceCheckoutShipping). */
  shippingAddress: anyCountryAddressSchema,
  /** Shipped (the default), or collected at the workshop when the maker offers local pickup. */
  shippingMethod: z.enum(["ship", "pickup"], { message: "shippingMethod is ship or pickup" }).optional().default("ship"),
  /** The delivery option the shopper chose (POST /api/shipping/rates `id`): priced again by the server, 400 when it is not offered. */
  shippingRate: shippingRateSchema.optional().nullable(),
  /** A discount code the shopper entered: priced by the server (lib/discounts), never by the browser. */
  discountCode: discountCodeSchema.optional().nullable(),
  /** Gift card codes, in the order they pay (lib/gift-cards): what each pays is the server's. */
  giftCards: z.array(giftCardCodeSchema).max(5, "At most 5 gift cards on one order").optional(),
  /** Who receives the gift cards this order buys (else the shopper). */
  giftRecipientEmail: z.string().trim().toLowerCase().max(254).pipe(z.email("Enter the recipient's email address")).optional().nullable(),
  /** What the browser shows, in cents: compared with the server's own price, never used. */
  amount: z.number().int().min(0).optional(),
});

/** POST /api/shipping/rates: the delivery options for a cart and a full address (lib/shipping). */
export const shippingOptionsSchema = z.object({ items: cartLinesSchema, shippingAddress: anyCountryAddressSchema }, { message: "Request body must be a JSON object" });
export type ShippingOptionsRequest = z.output<typeof shippingOptionsSchema>;

/** POST /api/shipping/estimate: the cart page's lines, before any address. */
export const cartShippingSchema = z.object({ items: cartLinesSchema }, { message: "Request body must be a JSON object" });
export type CartShippingRequest = z.output<typeof cartShippingSchema>;

/** POST /api/discount-codes/check: a code priced for a cart (the cart page and checkout); nothing is claimed. */
export const discountPreviewSchema = z.object({
  code: discountCodeSchema,
  items: cartLinesSchema,
  email: z.string().trim().toLowerCase().max(254).optional().nullable(),
});
export type DiscountPreview = z.output<typeof discountPreviewSchema>;

/** The contact details an order needs (checked when the order is finalised). */
export const orderContactSchema = z.object({
  email: z.string({ message: "Please enter a valid email address" }).trim().toLowerCase().pipe(z.email("Please enter a valid email address")),
  firstName: required("First name is required", 100),
  lastName: required("Last name is required", 100),
  phone: text(40)
    .optional()
    .nullable()
    .transform((v) => v || null),
  newsletter: z.boolean().default(false),
});
export type OrderContact = z.output<typeof orderContactSchema>;

export const finalizeOrderSchema = z
  .object({
    paymentIntentId: z
      .string()
      .regex(/^pi_[A-Za-z0-9_]{3,200}$/, "paymentIntentId is invalid")
      .optional(),
    stripePaymentIntentId: z
      .string()
      .regex(/^pi_[A-Za-z0-9_]{3,200}$/, "paymentIntentId is invalid")
      .optional(),
    email: z.string().optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    phone: z.string().optional().nullable(),
    newsletter: z.boolean().optional(),
    /** The intent's client secret: proves the caller is the shopper who paid (contact changes, the order's details). */
    clientSecret: z.string().max(300).optional(),
  })
  .refine((v) => v.paymentIntentId || v.stripePaymentIntentId, { message: "paymentIntentId is required", path: ["paymentIntentId"] });

export type CreatePaymentIntent = z.output<typeof createPaymentIntentSchema>;
