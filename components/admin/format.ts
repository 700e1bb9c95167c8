/**
 * Display helpers for admin screens. Dates are shown in the shop's time zone (a setting,
 * lib/catalog/time-zone.ts), the zone lib/admin/stats-queries.ts counts days in: the server reads it and
 * hands it down (components/admin/time-zone.tsx in the browser), so server and browser render alike.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(kind: "date" | "dateTime", timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    const time = kind === "dateTime" ? ({ hour: "numeric", minute: "2-digit" } as const) : {};
    formats.set(key, (format = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "short", day: "numeric", ...time })));
  }
  return format;
}
const dayFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" });

/** ISO timestamp → "Mar 3, 2025" in the shop's zone. */
export function formatDate(iso: string, timeZone: string): string {
  return formatIn("date", timeZone).format(new Date(iso));
}

/** ISO timestamp → "Mar 3, 2025, 4:05 PM" in the shop's zone. */
export function formatDateTime(iso: string, timeZone: string): string {
  return formatIn("dateTime", timeZone).format(new Date(iso));
}

/** A calendar day "2025-03-03" (already the shop's) → "Mar 3": printed as it is, no zone applied (UTC is only the carrier). */
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
