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

/** The instant a calendar day "YYYY-MM-DD" begins in the zone (its midnight, or the first minute after a DST gap). */
export function startOfDayInZone(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  const wallMidnight = Date.UTC(y, m - 1, d);
  let guess = wallMidnight - offsetAt(new Date(wallMidnight), timeZone);
  // Once more at the guess: the offset may differ across a DST change between UTC and local midnight.
  guess = wallMidnight - offsetAt(new Date(guess), timeZone);
  return new Date(guess);
}
