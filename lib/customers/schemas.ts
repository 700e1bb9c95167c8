import { z } from "@/lib/zod";
import { entityIdSchema } from "@/lib/admin/ids";

/** A checkbox or JSON flag: true/false, or the form strings "true"/"false"/"on"/"off". */
const flag = z.preprocess((v) => (v === "true" || v === "on" ? true : v === "false" || v === "off" ? false : v), z.boolean({ message: "Newsletter subscription must be true or false" }));

/** A name part: trimmed; blank clears it (null); absent leaves it as it is. */
const namePart = (label: string) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(100, `${label} must be at most 100 characters`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

/**
 * PUT /api/admin/customers/{id} and the edit dialog (spec §5): only firstName,
 * lastName and newsletterSubscribed are editable. The email is read-only: it is
 * not part of the schema, so an email in the body is dropped.
 */
export const customerUpdateSchema = z.object(
  {
    firstName: namePart("First name"),
    lastName: namePart("Last name"),
    newsletterSubscribed: flag.optional(),
  },
  { message: "Request body must be a JSON object" },
);
export type CustomerUpdateInput = z.input<typeof customerUpdateSchema>;
export type CustomerUpdate = z.output<typeof customerUpdateSchema>;

/** The edit dialog's server action input: the customer's id plus the editable fields. */
export const customerEditSchema = customerUpdateSchema.extend({ id: entityIdSchema });
