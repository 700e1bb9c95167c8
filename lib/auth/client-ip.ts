/** The client address a proxy reports (first X-Forwarded-For hop), or null when there is none. */
export function clientIp(headers: Headers): string | null {
  return headers.get("x-forwarded-for")?.split(",")[0]?.trim() || headers.get("x-real-ip")?.trim() || null;
}
