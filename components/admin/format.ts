/**
 * Display helpers for admin screens. Dates are shown in the workshop's time zone
 * (the same zone lib/admin/stats-queries.ts counts days in), so server and browser render alike.
 */
export const ADMIN_TIME_ZONE = "America/New_York";

const dateFormat = new Intl.DateTimeFormat("en-US", { timeZone: ADMIN_TIME_ZONE, year: "numeric", month: "short", day: "numeric" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: ADMIN_TIME_ZONE,
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const dayFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" });

/** ISO timestamp → "Mar 3, 2025". */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** ISO timestamp → "Mar 3, 2025, 4:05 PM". */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** A calendar day "2025-03-03" → "Mar 3" (no time zone shift). */
export function formatDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return dayFormat.format(new Date(Date.UTC(y, m - 1, d)));
}

/** "Ada Lovelace", or the fallback when both parts are blank. */
export function fullName(first: string | null | undefined, last: string | null | undefined, fallback = "—"): string {
  return [first, last].filter((p) => p && p.trim()).join(" ") || fallback;
}

/** "pending" → "Pending". */
export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}
