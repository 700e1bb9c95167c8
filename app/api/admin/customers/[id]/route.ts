import { customerUpdateSchema } from "@/lib/customers/schemas";
import { deleteCustomer, updateCustomer } from "@/lib/customers/service";
import { readJson, withAdminRoute } from "@/lib/http";

type Params = { id: string };

/** Admin: PUT /api/admin/customers/{id} {firstName, lastName, newsletterSubscribed} — the email is read-only. */
export const PUT = withAdminRoute<Params>(async (req, { params }) => updateCustomer(params.id, await readJson(req, customerUpdateSchema)));

/** Admin: DELETE /api/admin/customers/{id} — 409 when the customer has orders. */
export const DELETE = withAdminRoute<Params>(async (_req, { params }) => deleteCustomer(params.id));
