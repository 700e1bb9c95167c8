/**
 * The shop's time zone: one IANA name, a setting (ShopSettings.timeZone, read by
 * getShopTimeZone in lib/catalog/settings-service.ts), in which the admin sees every date and time,
 * the dashboard and the orders CSV count days, a discount code's "Dec 1" starts and ends, and the
 * shopper's order-status page shows its times. Pure: the browser uses it too, given the zone by the server.
 */
export const DEFAULT_SHOP_TIME_ZONE = "America/New_York";

export const TIME_ZONE_MESSAGE = "Choose a time zone by its IANA name, e.g. America/New_York";

/** An IANA zone name Intl knows ("Europe/Berlin", "UTC"); not an offset or an abbreviation that merely parses. */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== "string" || name.length === 0 || name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant in the zone, "YYYY-MM-DD". */
export function dayInZone(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })));
  return format.format(at);
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant the zone's wall clock shows `wall` (ms of a UTC date holding the wall time). A time the
 * clocks skip (a DST gap) is moved forward by the gap, as the clocks were (2:30 → 3:30).
 */
function instantOfWallTime(wall: number, timeZone: string): number {
  const first = wall - offsetAt(new Date(wall), timeZone);
  // Once more at the guess: the offset may differ across a DST change between UTC and the wall time.
  const second = wall - offsetAt(new Date(first), timeZone);
  if (second + offsetAt(new Date(second), timeZone) === wall) return second;
  return Math.max(first, second);
}

/** The instant a calendar day "YYYY-MM-DD" begins in the zone (its midnight, or the end of a DST gap at midnight). */
export function startOfDayInZone(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(instantOfWallTime(Date.UTC(y, m - 1, d), timeZone));
}

/**
 * The instant a date and time typed in the admin ("YYYY-MM-DDTHH:mm", a datetime-local field's value)
 * means in the shop's zone, whatever the zone of the browser it was typed in; null when it is not one.
 */
export function wallTimeInZone(local: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi, sec] = m.slice(1).map((v) => Number(v ?? 0));
  const wall = Date.UTC(y, mo - 1, d, h, mi, sec);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return new Date(instantOfWallTime(wall, timeZone));
}
