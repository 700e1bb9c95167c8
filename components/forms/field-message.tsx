import type { FieldError } from "react-hook-form";

/** A react-hook-form field's message under its control; the control points at `id` with aria-describedby. */
export function FieldMessage({ id, error }: { id: string; error?: FieldError }) {
  if (!error?.message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {error.message}
    </p>
  );
}
