// Server-side: classic zod's safeParse (with its English default messages) runs
// classic and zod/mini schemas alike (the browser-shared ones are zod/mini).
import { safeParse, type z } from "zod";
import { AppError } from "@/lib/errors";

/** Field path → first message, the shape forms and API clients get back. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Parses input with a schema or throws a 400 AppError carrying every field message. */
export function parseOrThrow<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = safeParse(schema, input);
  if (!result.success) {
    const fields = fieldErrors(result.error);
    const first = Object.values(fields)[0] ?? "Invalid request";
    throw new AppError("bad_request", first, fields);
  }
  return result.data;
}
