import { z } from "@/lib/zod";
import { AppError } from "@/lib/errors";

/** Largest id a PostgreSQL `integer` column holds; anything bigger cannot name a row. */
const MAX_INT4 = 2_147_483_647;

/** A route or form id: a positive integer (given as a number or its plain decimal text), else null. */
export function readEntityId(raw: unknown): number | null {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_INT4 ? id : null;
}

/** The id, or a 404 with the given message: an id that is not a positive integer cannot name a row. */
export function entityIdOrNotFound(raw: unknown, notFoundMessage: string): number {
  const id = readEntityId(raw);
  if (id === null) throw new AppError("not_found", notFoundMessage);
  return id;
}

/** For server-action inputs that carry the id of the row they change. */
export const entityIdSchema = z.unknown().transform((raw, ctx) => {
  const id = readEntityId(raw);
  if (id === null) {
    ctx.addIssue({ code: "custom", message: "Not found" });
    return z.NEVER;
  }
  return id;
});
