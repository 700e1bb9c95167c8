import { z } from "@/lib/zod";
import { CART_SERVER_MESSAGES, MAX_CHECK_LINES, MAX_LINE_QUANTITY } from "@/lib/cart/messages";

/** Cart API validation (server side; client components import ./messages instead, to stay free of zod). */
const MAX_INT4 = 2_147_483_647;
const PRODUCT_ID_MESSAGE = "Product id must be a positive whole number";

export const sessionIdSchema = z
  .string({ message: "A valid session id is required" })
  .min(1, "A valid session id is required")
  .max(64, "A valid session id is required")
  .regex(/^[A-Za-z0-9_-]+$/, "A valid session id is required");

export const productIdSchema = z.number({ message: PRODUCT_ID_MESSAGE }).int(PRODUCT_ID_MESSAGE).positive(PRODUCT_ID_MESSAGE).max(MAX_INT4, PRODUCT_ID_MESSAGE);

const VARIANT_ID_MESSAGE = "Variant id must be a positive whole number";
/** The chosen variant of a product with variants (lib/catalog/variants.ts); absent or null for a product without. */
export const variantIdSchema = z.number({ message: VARIANT_ID_MESSAGE }).int(VARIANT_ID_MESSAGE).positive(VARIANT_ID_MESSAGE).max(MAX_INT4, VARIANT_ID_MESSAGE).nullish();

/** A product id from a URL segment ("12" → 12). */
export const productIdParamSchema = z
  .string()
  .regex(/^\d{1,10}$/, PRODUCT_ID_MESSAGE)
  .transform(Number)
  .pipe(productIdSchema);

export const quantitySchema = z
  .number({ message: CART_SERVER_MESSAGES.quantityMin })
  .int("Quantity must be a whole number")
  .min(1, CART_SERVER_MESSAGES.quantityMin)
  .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`);

/** POST /api/cart (add) and PUT /api/cart (set quantity). */
export const cartLineSchema = z.object(
  { sessionId: sessionIdSchema, productId: productIdSchema, variantId: variantIdSchema, quantity: quantitySchema },
  { message: "Request body must be a JSON object" },
);
export type CartLineInput = z.input<typeof cartLineSchema>;
export type CartLine = z.output<typeof cartLineSchema>;

/** A variant id from a URL ("34" → 34). */
const variantIdParamSchema = z
  .string()
  .regex(/^\d{1,10}$/, VARIANT_ID_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().positive(VARIANT_ID_MESSAGE).max(MAX_INT4, VARIANT_ID_MESSAGE));

/** DELETE /api/cart/{sessionId}/{productId}[?variantId=…]. */
export const cartLineParamsSchema = z.object({ sessionId: sessionIdSchema, productId: productIdParamSchema, variantId: variantIdParamSchema.optional() });

/** DELETE /api/cart/{sessionId}/{productId}'s query: the line's variant, for a product with variants. */
export const cartLineQuerySchema = z.object({ variantId: z.string().optional() });

/** POST /api/cart/check: the lines of a client cart to re-price and re-check. */
export const cartCheckSchema = z.object(
  {
    items: z
      .array(z.object({ productId: productIdSchema, variantId: variantIdSchema, quantity: quantitySchema }, { message: "Each item needs a productId and a quantity" }), {
        message: "items must be an array",
      })
      .max(MAX_CHECK_LINES, `At most ${MAX_CHECK_LINES} items can be checked at once`),
  },
  { message: "Request body must be a JSON object" },
);
export type CartCheckInput = z.input<typeof cartCheckSchema>;
export type CartCheck = z.output<typeof cartCheckSchema>;
