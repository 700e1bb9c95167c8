/**
 * Page numbers to show: at most `max` buttons, centred on the current page. A module of its own:
 * the listing's pagination (a client component) imports it, and with it nothing else of the
 * catalogue rules (./rules.ts re-exports it).
 */
export function paginationWindow(current: number, totalPages: number, max = 5): number[] {
  if (totalPages <= 0) return [];
  const size = Math.min(max, totalPages);
  let start = Math.max(1, current - Math.floor(size / 2));
  start = Math.min(start, totalPages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}
