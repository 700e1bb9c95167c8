/** Pure content rules, safe for client components (no zod). */

/** Spec §5: non-empty and contains @ in the browser; the server checks a real address shape. */
export function looksLikeEmail(value: string): boolean {
  const v = value.trim();
  return v.length > 0 && v.includes("@");
}
