/**
 * Per-process state that separately loaded copies of the code share. Next.js
 * bundles the app's modules (a module can exist in more than one bundle),
 * while `npm start`'s front server and Next's cache handler load plain
 * modules from disk: a module-level variable would exist once per copy. Each
 * such piece of state is kept here instead, under one of the names below, in
 * one registry per process (on globalThis under a single symbol).
 *
 *   prisma              the Prisma client (lib/db.ts)
 *   redis               the app's Redis connection (lib/redis/client.ts)
 *   log                 the server's logger (lib/log.ts)
 *   searchCache         search results and suggestions (lib/catalog/search-queries.ts)
 *   searchReads         how often each search page was read (server/cache/search-admission.mjs)
 *   searchReadCounting  whether the front server counts those reads itself (the same file)
 *   untrustedProxyWarned  whether the TRUST_PROXY warning was logged (lib/net/client-address.ts)
 *   unrecordedExpiryAt  when the app last failed to record a tag expiry (lib/redis/cache-expiry.mjs)
 *   cdnPurgeRetries  the retry timer of CDN purges not yet accepted (lib/cdn/purge-service.ts)
 *
 * Plain JavaScript (with process-state.d.mts): the front server, the cache
 * handler and the app all load it.
 */
const NAMES = new Set(["prisma", "redis", "log", "searchCache", "searchReads", "searchReadCounting", "untrustedProxyWarned", "unrecordedExpiryAt", "cdnPurgeRetries"]);
const REGISTRY = Symbol.for("maple-and-micron.process-state");

/** @returns {Map<string, unknown>} */
function registry() {
  return (globalThis[REGISTRY] ??= new Map());
}

function check(name) {
  if (!NAMES.has(name)) throw new Error(`process state "${name}" is not declared in lib/process-state.mjs`);
}

/** The state registered under `name`, created by `create` the first time any copy of the code asks. */
export function processState(name, create) {
  check(name);
  const states = registry();
  if (states.get(name) === undefined) states.set(name, create());
  return states.get(name);
}

/** The state under `name` if some copy of the code has created it, else undefined (never creates). */
export function existingProcessState(name) {
  check(name);
  return registry().get(name);
}

/** Replaces the state under `name` (a flag, or a client that was closed); undefined makes the next processState() create it anew. */
export function setProcessState(name, value) {
  check(name);
  registry().set(name, value);
}
