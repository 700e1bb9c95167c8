/**
 * "Dowelling Jig — Size: 8 mm": a line's name with its variant's label (the
 * name alone without one), wherever a line is shown: the cart, checkout,
 * emails, the order's pages. Its own module: the cart's scripts load these
 * two lines, not the variant rules (lib/catalog/variants.ts re-exports it).
 */
export const lineName = (name: string, label?: string | null) => (label ? `${name} — ${label}` : name);
