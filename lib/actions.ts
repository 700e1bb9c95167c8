import "server-only";
import { log } from "@/lib/log";
import type { z } from "zod";
import { requireAdminPage } from "@/lib/auth/guard";
import type { AdminIdentity } from "@/lib/auth/service";
import { runAsAdmin } from "@/lib/audit/context";
import { isAppError } from "@/lib/errors";
import { containsNul } from "@/lib/net/body";
import { fieldErrors } from "@/lib/validation";

/** What every admin server action returns to its form. */
export type ActionResult<T = unknown> = { ok: true; data: T } | { ok: false; message: string; fields?: Record<string, string> };

/**
 * The one wrapper for admin server actions: signed-in admin (else redirect to
 * the login), input parsed with the same zod schema the API uses, the service
 * call, and errors mapped to a message the form shows (never a stack trace).
 */
export function adminAction<S extends z.ZodType, T>(schema: S, fn: (input: z.output<S>, admin: AdminIdentity) => Promise<T>) {
  return async (input: unknown): Promise<ActionResult<T>> => {
    const admin = await requireAdminPage();
    const values = input instanceof FormData ? Object.fromEntries(input.entries()) : input;
    // As the API's JSON reader (lib/net/body.ts): PostgreSQL cannot store a NUL character.
    if (containsNul(values)) return { ok: false, message: "The form must not contain NUL characters." };
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      return { ok: false, message: Object.values(fields)[0] ?? "Invalid input", fields };
    }
    try {
      return { ok: true, data: await runAsAdmin(admin, () => fn(parsed.data, admin)) };
    } catch (error) {
      if (isAppError(error)) return { ok: false, message: error.message, fields: error.fields };
      log.error({ err: error }, "admin action failed");
      return { ok: false, message: "Something went wrong. Please try again." };
    }
  };
}
