import { orderLookupSchema } from "@/lib/orders/lookup-schemas";
import { parseOrThrow } from "@/lib/validation";

/** The "Track your order" rules, as the browser form and POST /api/order-status both apply them (zod/mini). */
const messageOf = (input: unknown) => {
  try {
    parseOrThrow(orderLookupSchema, input);
    return "ok";
  } catch (error) {
    return (error as Error).message;
  }
};

test("both fields are required, trimmed, bounded, and the email must look like one", () => {
  expect(parseOrThrow(orderLookupSchema, { orderNumber: "  ORD-1  ", email: " a@b.co " })).toEqual({ orderNumber: "ORD-1", email: "a@b.co" });
  expect(messageOf({ orderNumber: "   ", email: "a@b.co" })).toBe("Order number is required");
  expect(messageOf({ email: "a@b.co" })).toBe("Order number is required");
  expect(messageOf({ orderNumber: "ORD-1", email: "" })).toBe("Email is required");
  expect(messageOf({ orderNumber: "ORD-1", email: "not an email" })).toBe("Please enter a valid email");
  expect(messageOf({ orderNumber: "x".repeat(101), email: "a@b.co" })).toBe("Order number is too long");
  expect(messageOf({ orderNumber: "ORD-1", email: `${"a".repeat(250)}@b.co` })).toBe("Email is too long");
  expect(messageOf({ orderNumber: 12, email: "a@b.co" })).toBe("Order number is required");
  expect(messageOf(["ORD-1"])).toBe("Request body must be a JSON object");
  // The browser form's own check is the same schema.
  expect(orderLookupSchema.safeParse({ orderNumber: "ORD-1", email: "nope" }).success).toBe(false);
});
