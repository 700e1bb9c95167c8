import { z } from "@/lib/zod";
import { MIN_PASSWORD } from "@/lib/auth/schemas";
import { entityIdSchema } from "@/lib/admin/ids";

/** Spec §5 admin user rules, shared by the users dialog and /api/admin/users. */
export const PASSWORD_MESSAGE = "Password must be at least 6 characters";
export const PASSWORDS_DIFFER_MESSAGE = "Passwords do not match";

const username = z.string({ message: "Username is required" }).trim().min(1, "Username is required").max(50, "Username must be at most 50 characters");

const email = z
  .string({ message: "Email is required" })
  .trim()
  .toLowerCase()
  .min(1, "Email is required")
  .pipe(z.email("Please enter a valid email address").max(254, "Please enter a valid email address"));

const password = z.string({ message: PASSWORD_MESSAGE }).min(MIN_PASSWORD, PASSWORD_MESSAGE).max(200, "Password must be at most 200 characters");

/** The form's confirmation field; when it is sent it must equal the password. */
const confirmPassword = z.string().optional().nullable();

const confirmMatches = (v: { password?: string | null; confirmPassword?: string | null }) => v.confirmPassword === undefined || v.confirmPassword === null || (v.password ?? "") === v.confirmPassword;

/** POST /api/admin/users {username, email, password} — password required on create. */
export const adminUserCreateSchema = z
  .object({ username, email, password, confirmPassword }, { message: "Request body must be a JSON object" })
  .refine(confirmMatches, { message: PASSWORDS_DIFFER_MESSAGE, path: ["confirmPassword"] })
  .transform(({ confirmPassword: _confirm, ...rest }) => rest);
export type AdminUserCreateInput = z.input<typeof adminUserCreateSchema>;
export type AdminUserCreate = z.output<typeof adminUserCreateSchema>;

const optionalPassword = z.preprocess((v) => (v === "" || v === null ? undefined : v), password.optional());

const updateFields = { username, email, password: optionalPassword, confirmPassword };

/** PUT /api/admin/users/{id} {username, email, password?} — a blank or absent password keeps the current one. */
export const adminUserUpdateSchema = z
  .object(updateFields, { message: "Request body must be a JSON object" })
  .refine(confirmMatches, { message: PASSWORDS_DIFFER_MESSAGE, path: ["confirmPassword"] })
  .transform(({ confirmPassword: _confirm, ...rest }) => rest);
export type AdminUserUpdateInput = z.input<typeof adminUserUpdateSchema>;
export type AdminUserUpdate = z.output<typeof adminUserUpdateSchema>;

/** The edit dialog's server action input: the admin's id plus the fields. */
export const adminUserEditSchema = z
  .object({ id: entityIdSchema, ...updateFields })
  .refine(confirmMatches, { message: PASSWORDS_DIFFER_MESSAGE, path: ["confirmPassword"] })
  .transform(({ confirmPassword: _confirm, ...rest }) => rest);
