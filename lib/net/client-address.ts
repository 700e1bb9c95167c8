import ipaddr from "ipaddr.js";
import { log } from "@/lib/log";
import { headerValue as header, trustedProxyHops, type HeaderSource } from "@/lib/net/proxy-trust";
import { existingProcessState, setProcessState } from "@/lib/process-state.mjs";
import { liveEnv } from "@/lib/env";

/**
 * Who is asking: the address rate limits and sign-in throttling key on.
 *
 * The TCP peer is the only address a client cannot forge. `npm start` runs
 * Next.js behind server/front-server.mjs, which puts the peer in
 * PEER_HEADER together with a per-start token (PEER_TOKEN_ENV), so a client
 * cannot send that header itself. X-Forwarded-For is read only when
 * TRUST_PROXY says how many proxies in front of us append to it (nginx: 1;
 * Vercel: 1, the default there): the address those proxies saw is the entry
 * TRUST_PROXY hops from the right, counting the peer as hop 0 (the rule of
 * Express's `trust proxy` hop count).
 *
 * IPv6 clients are keyed by their /64 network: one subscriber gets a whole /64.
 */
export const PEER_HEADER = "x-mm-peer";
export const PEER_TOKEN_ENV = "MM_PEER_TOKEN" as const;

export { trustedProxyHops };

/** The TCP peer reported by our own front server, or null when no front server vouches for it. */
function attestedPeer(headers: HeaderSource): string | null {
  const token = liveEnv(PEER_TOKEN_ENV);
  const value = header(headers, PEER_HEADER);
  if (!token || !value) return null;
  const space = value.indexOf(" ");
  return space > 0 && value.slice(0, space) === token ? value.slice(space + 1) : null;
}

/** The address `trustedHops` proxies away from us: chain = [peer, last X-Forwarded-For entry, …, first]. */
export function pickClientAddress(peer: string | null, forwardedFor: string | null, trustedHops: number): string | null {
  const forwarded = (forwardedFor ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .reverse();
  const chain = [peer, ...forwarded];
  return chain[Math.min(Math.max(trustedHops, 0), chain.length - 1)] ?? null;
}

/** A canonical rate-limit key for an address: IPv4 as is, IPv4-mapped IPv6 as IPv4, other IPv6 as its /64. */
export function addressKey(address: string | null): string | null {
  if (!address) return null;
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!ipaddr.isValid(bare)) return null;
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(":")}::/64`;
}

/** Peers that are a proxy of the shop's own network, never a shopper on the internet. */
const LOCAL_RANGES = new Set(["loopback", "private", "uniqueLocal", "linkLocal", "carrierGradeNat"]);

function isLocalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  return ipaddr.isValid(bare) && LOCAL_RANGES.has(ipaddr.process(bare).range());
}

export const UNTRUSTED_PROXY_WARNING =
  "Requests arrive through a proxy (a loopback or private peer sending X-Forwarded-For) but TRUST_PROXY is not set: every client counts as the proxy's address, so all shoppers share one rate-limit bucket and 20 failed sign-ins from anyone lock every admin out. Set TRUST_PROXY to the number of proxies in front of the shop (nginx: TRUST_PROXY=1).";

/**
 * Once per process: a local peer forwarding for someone else while no proxy is trusted. Next.js
 * fills X-Forwarded-For with the peer itself when a request comes without one, so only an entry
 * naming another address counts.
 */
function noteUntrustedProxy(peer: string | null, forwardedFor: string | null, hops: number): void {
  // Process-wide (lib/process-state.mjs): a build may hold more than one copy of this module.
  if (existingProcessState("untrustedProxyWarned") || hops > 0 || !peer || !forwardedFor || !isLocalAddress(peer)) return;
  const self = addressKey(peer);
  const forwarded = forwardedFor
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (!forwarded.some((entry) => addressKey(entry) !== self)) return;
  setProcessState("untrustedProxyWarned", true);
  log.warn(UNTRUSTED_PROXY_WARNING);
}

/** The client's address key, or null when it cannot be known (then callers share one "unknown" bucket). */
export function clientAddress(headers: HeaderSource): string | null {
  const peer = attestedPeer(headers);
  const forwardedFor = header(headers, "x-forwarded-for");
  const hops = trustedProxyHops();
  noteUntrustedProxy(peer, forwardedFor, hops);
  return addressKey(pickClientAddress(peer, forwardedFor, hops));
}
