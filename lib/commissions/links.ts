import "server-only";
import { shopOrigin } from "@/lib/net/origin";
import { readLinkToken, signLinkToken } from "@/lib/security/signed-links";

/**
 * The two links a commission's shopper gets by email (lib/security/signed-links.ts):
 * - the quote link, /quote/{token}: names one quote, valid until the day the maker set;
 *   paying it works once (the quote's status, lib/commissions/service.ts);
 * - the thread link, /commission/{reference}?token=…: reads the thread and replies, for a year.
 */
const QUOTE_AUDIENCE = "maple-micron-quote";
const THREAD_AUDIENCE = "maple-micron-commission";
export const THREAD_LINK_DAYS = 365;

export type LinkRead<T> = { ok: true; value: T } | { ok: false; reason: "invalid" | "expired" };

export async function quoteUrl(quoteId: number, expiresAt: Date): Promise<string> {
  return `${shopOrigin()}/quote/${await signLinkToken(QUOTE_AUDIENCE, String(quoteId), expiresAt)}`;
}

export async function readQuoteToken(token: string, now: Date = new Date()): Promise<LinkRead<number>> {
  const read = await readLinkToken(QUOTE_AUDIENCE, token, now);
  if (!read.ok) return read;
  const id = Number(read.subject);
  return Number.isSafeInteger(id) && id > 0 ? { ok: true, value: id } : { ok: false, reason: "invalid" };
}

export async function threadToken(reference: string, now: Date = new Date()): Promise<string> {
  return signLinkToken(THREAD_AUDIENCE, reference, new Date(now.getTime() + THREAD_LINK_DAYS * 86_400_000), {}, now);
}

export async function threadUrl(reference: string, now?: Date): Promise<string> {
  return `${shopOrigin()}/commission/${encodeURIComponent(reference)}?token=${encodeURIComponent(await threadToken(reference, now))}`;
}

/** The signed token a quote or thread link carries: what the recipient gets but the outbox record never keeps (sendEmail's `secrets`). */
export function linkSecrets(url: string): string[] {
  const parsed = new URL(url);
  return [parsed.searchParams.get("token") ?? decodeURIComponent(parsed.pathname.split("/").at(-1) ?? "")].filter(Boolean);
}

export async function readThreadToken(reference: string, token: string, now: Date = new Date()): Promise<LinkRead<string>> {
  const read = await readLinkToken(THREAD_AUDIENCE, token, now);
  if (!read.ok) return read;
  return read.subject === reference ? { ok: true, value: reference } : { ok: false, reason: "invalid" };
}
