import { env } from "@/lib/env";

/**
 * What the reverse proxies in front of the shop tell it, and when to believe
 * them. TRUST_PROXY says how many proxies append to X-Forwarded-For (Vercel:
 * 1); without it nothing they add is believed, since a client could have
 * written it. No logger and no "server-only" here: the request guard
 * (proxy.ts) reads the session cookie through this module.
 */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

export function headerValue(headers: HeaderSource, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const value = headers[name];
  return Array.isArray(value) ? value.join(",") : (value ?? null);
}

/** How many proxies in front of the shop append to X-Forwarded-For: TRUST_PROXY, else 1 on Vercel, else none. */
export function trustedProxyHops(): number {
  return env.TRUST_PROXY ?? (env.VERCEL ? 1 : 0);
}

/**
 * Whether the client spoke https to the proxy in front, as that proxy reports in
 * X-Forwarded-Proto (nginx: `proxy_set_header X-Forwarded-Proto $scheme`). Only
 * behind a trusted proxy; of several comma-separated values the first counts
 * (Express's `req.protocol` with `trust proxy`).
 */
export function forwardedHttps(headers: HeaderSource): boolean {
  if (trustedProxyHops() < 1) return false;
  const proto = headerValue(headers, "x-forwarded-proto");
  return proto !== null && proto.split(",")[0].trim().toLowerCase() === "https";
}
