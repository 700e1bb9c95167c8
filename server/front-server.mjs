/**
 * The production HTTP server `npm start` runs (through scripts/serve.ts):
 * Next.js's documented custom-server API, which hands every request to the
 * same request handler `next start` uses. It adds one thing: the TCP peer
 * address of each request, in a header carrying a per-start token (set by
 * serve.ts), replacing any copy the client sent. lib/net/client-address.ts
 * trusts that header only with the token, so a forged X-Forwarded-For can
 * no longer pick the address that rate limits and sign-in throttling use.
 * And a request target whose path cannot be decoded (malformed
 * percent-encoding, or a NUL byte once decoded) gets a 400 here: Next's
 * router would fail to decode it with a 500. Checking here costs valid
 * requests nothing, where a proxy.ts on every route would.
 * A listing URL (/shop, /shop/{category}, with a sort, a page or a search
 * term) is handed to its cached route (lib/catalog/listing-url.mjs), a
 * product page naming a variant (/product/{slug}?variant={SKU}) to its own
 * cached page (lib/catalog/variant-url.mjs); neither cached route is addressable
 * from outside. A search rendered on demand waits its turn among a few at a time (server/render-queue.mjs), or,
 * when it would wait, is answered with its results shell, whose results the
 * browser loads (toResultsShell).
 * A page answers GET and HEAD only: another method without a server
 * action's Next-Action header gets a 405 here (Next.js would render the page
 * for it, outside the caches and the search queue). A request body an answer
 * leaves unread is read and dropped up to a bound, or its connection closed
 * (server/unread-body.mjs), so a keep-alive client's next request is
 * answered.
 * On SIGTERM it drains: see the shutdown section at the end.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import next from "next";
import { mapListingRequest, NOT_FOUND_PATH, searchShellTarget } from "../lib/catalog/listing-url.mjs";
import { mapProductVariantRequest } from "../lib/catalog/variant-url.mjs";
import { countSearchPagesAtFrontServer, noteRead, readCount, searchKey } from "./cache/search-admission.mjs";
import { routedPath } from "../lib/net/routed-path.mjs";
import { createRenderQueue } from "./render-queue.mjs";
import { existingProcessState } from "../lib/process-state.mjs";
import { settleUnreadBody } from "./unread-body.mjs";
import { liveVariable, sharedEnv } from "../lib/env-shared.mjs";
import { createLogger, normalizeRoute, refuseToStart } from "../lib/log-shared.mjs";
import { applyCdnHeaders } from "./cdn-headers.mjs";

const PEER_HEADER = "x-mm-peer";

/**
 * One JSON line per request (lib/log-shared.mjs, the app's line): request id
 * (a valid incoming x-request-id, else a new one; also sent back and handed to
 * the app), method, route (path only: no query string, ids masked), status,
 * duration. Never headers, bodies, addresses or query strings: fixed fields
 * that cannot carry personal data, so the lines skip the redaction pass
 * (lib/log-shared.mjs). Written without blocking the request.
 */
const log = createLogger({ nonBlocking: true, redact: false });

const token = liveVariable("MM_PEER_TOKEN");
if (!token) refuseToStart(log, "MM_PEER_TOKEN is not set: start the shop with `npm start`.");
let config;
try {
  config = sharedEnv();
} catch (error) {
  refuseToStart(log, error.message);
}
const { PORT: port, HOSTNAME: hostname, SHUTDOWN_TIMEOUT_MS, SEARCH_RENDERS_AT_ONCE, CDN_PURGE } = config;

const REQUEST_ID = /^[A-Za-z0-9_.:-]{8,100}$/;

function routeOf(target) {
  const end = target.indexOf("?");
  return normalizeRoute(end === -1 ? target : target.slice(0, end));
}

function logRequest(req, res) {
  const started = process.hrtime.bigint();
  const target = req.url ?? "/";
  const incoming = req.headers["x-request-id"];
  const reqId = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  req.headers["x-request-id"] = reqId;
  res.setHeader("x-request-id", reqId);
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const fields = { reqId, method: req.method, route: routeOf(target), status: res.statusCode, ms: Math.round(ms * 10) / 10 };
    if (res.shed) log.warn(fields, "request shed: too many searches waiting");
    else if (res.statusCode >= 500) log.error(fields, "request");
    else if (!target.startsWith("/_next/") && target !== "/api/health") log.info(fields, "request");
    else log.debug(fields, "request");
  });
}

// Next builds its internal request URLs from this hostname, and rewrites
// (once the request guard's, proxy.ts: /shop → its cached route) from the
// request's NextURL, which always spells a loopback address "localhost". Given
// HOSTNAME=127.0.0.1 (Docker and many hosts set HOSTNAME) the two origins
// differed, Next took the rewrite for an external URL and proxied it back to
// itself, and that second request, a direct /listing one, got a 404. The
// server listens on HOSTNAME; Next's own URLs always use "localhost".
const app = next({ dev: false, dir: process.cwd(), port, hostname: "localhost" });
await app.prepare();
const handle = app.getRequestHandler();

/**
 * Whether this build leaves listing URLs to this server: `npm run build` makes
 * it without listing rewrites (next.config.ts, MM_FRONT_SERVER). A build made
 * otherwise (`next build`) carries them, and Next maps listings itself.
 */
function buildLeavesListingsToUs() {
  const rewrites = JSON.parse(readFileSync(path.resolve(".next/routes-manifest.json"), "utf8")).rewrites ?? [];
  return !Array.isArray(rewrites) && (rewrites.beforeFiles ?? []).length === 0;
}
const mapsListings = buildLeavesListingsToUs();
// This server counts each search page read as it arrives (searchRoute); the cache handler then counts none again.
if (mapsListings) countSearchPagesAtFrontServer();
if (!mapsListings) log.warn("this build maps listing URLs with next.config.ts rewrites (it was not made by `npm run build`): slower listings");

/** True when the path of a request target names nothing: malformed percent-encoding or an encoded NUL. */
function malformedPath(target) {
  const end = target.indexOf("?");
  const path = end === -1 ? target : target.slice(0, end);
  if (!path.includes("%")) return false;
  try {
    return decodeURIComponent(path).includes("\u0000");
  } catch {
    return true;
  }
}

function badRequest(req, res) {
  const api = req.url.startsWith("/api/");
  const body = api
    ? JSON.stringify({ message: "Malformed URL path", error: "Malformed URL path", code: "bad_request" })
    : '<!doctype html><title>400 Bad Request</title><h1>400 Bad Request</h1><p>This address is malformed. <a href="/">Go to the shop</a>.</p>';
  res.writeHead(400, {
    "content-type": api ? "application/json" : "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  });
  res.end(body);
}

/**
 * True for a request a page would answer with a render although it is
 * neither a read (GET, HEAD) nor a server action (POST with Next-Action, as
 * the admin forms send): Next.js renders a page for any method, bypassing
 * its cache, so a POST search skipped the search queue. The API
 * (/api/…, its own methods) and Next's own files (/_next/…) are left to Next.
 */
function pageWriteWithoutAction(req) {
  if (req.method === "GET" || req.method === "HEAD" || req.headers["next-action"] !== undefined) return false;
  const target = req.url ?? "/";
  const end = target.indexOf("?");
  const routed = routedPath(end === -1 ? target : target.slice(0, end), { lowerCase: false });
  return !(routed === "/api" || routed.startsWith("/api/") || routed.startsWith("/_next/"));
}

function methodNotAllowed(res) {
  const body = '<!doctype html><title>405 Method Not Allowed</title><h1>405 Method Not Allowed</h1><p>This page can only be read. <a href="/">Go to the shop</a>.</p>';
  res.writeHead(405, {
    allow: "GET, HEAD",
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  });
  res.end(body);
}

/** An API search (GET /api/products?search=…, which the results shell fetches) counts among the searches in flight (answeringSearch). */
function countApiSearch(req, res) {
  if (req.method !== "GET" && req.method !== "HEAD") return;
  const target = req.url ?? "/";
  const end = target.indexOf("?");
  if (end === -1 || routedPath(target.slice(0, end)) !== "/api/products") return;
  if (new URLSearchParams(target.slice(end + 1)).get("search")?.trim()) answeringSearch(req, res);
}

/**
 * Where a search goes, counting this read of its page on this instance
 * (server/cache/search-admission.mjs): from that page's second read on, to its
 * cached route, which stores it (in Redis with REDIS_URL, where a later read
 * on another instance may find it); its first read here renders /shop on
 * demand. A first read's page is not stored, and the cached route costs about
 * twice as much to render as /shop on demand (it also prepares the page for
 * storing; docs/decisions/0003-first-read-renders-on-demand.md); a page another
 * instance stored is found from this instance's second read. And whether it
 * is sure to be rendered, so it waits its turn (searchRenders): its first
 * read, and its second, which the cached route renders and stores (with
 * REDIS_URL it may find another instance's page instead: it then waits for
 * nothing worse than a short turn).
 */
function searchRoute(listing) {
  const key = searchKey(listing);
  noteRead(key);
  const reads = readCount(key);
  return { toCachedRoute: reads >= 2, rendered: reads <= 2 };
}

/**
 * A listing URL goes to its cached route (lib/catalog/listing-url.mjs
 * mapListingRequest, through the one parse of a listing request), a search
 * from its second time on; a direct request for that route, however its
 * path is spelled, to the 404 page. True for a search that will be rendered
 * (searchRoute), or one the cached route does not take (rendered by /shop on
 * demand).
 */
function routeListing(req, res) {
  if (!mapsListings) return false;
  const { notFound: direct, listing, target } = mapListingRequest(req.url ?? "/");
  if (direct) {
    req.url = NOT_FOUND_PATH;
    return false;
  }
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (!listing?.term) {
    if (target) req.url = target;
    return false;
  }
  const { toCachedRoute, rendered } = target ? searchRoute(listing) : { toCachedRoute: false, rendered: true };
  const shelled = rendered && toResultsShell(req, listing);
  answeringSearch(req, res);
  if (shelled) return false;
  if (toCachedRoute) req.url = target;
  return rendered;
}

/**
 * Searches this instance is answering: search pages (rendered, shelled or
 * stored) and GET /api/products?search=… (a results shell's results), each
 * from its arrival until its response is finished or closed, or its
 * connection closes (a response pipelined behind another on a connection
 * that closes never emits its own close), whichever comes first.
 */
let searchesInFlight = 0;
function answeringSearch(req, res) {
  searchesInFlight++;
  const socket = req.socket;
  let answered = false;
  const done = () => {
    if (answered) return;
    answered = true;
    res.off("finish", done);
    res.off("close", done);
    socket?.off("close", done);
    searchesInFlight--;
  };
  res.once("finish", done);
  res.once("close", done);
  socket?.once("close", done);
}

/**
 * A search page that arrives while the instance is busy with searches goes
 * to its category's results shell instead (lib/catalog/listing-url.mjs
 * searchShellTarget): a cached page, answered at once, whose results the
 * browser loads from GET /api/products, a quarter of a page render's CPU.
 * Busy: it would wait for a render (SEARCH_RENDERS_AT_ONCE are under way),
 * or another search is being answered (searchesInFlight: a page, or a
 * shell's results), so a crowd gets shells only and no render stalls the
 * other requests (docs/decisions/0002-results-shell-when-busy.md). Idle — no other search on the instance —
 * a search page still arrives whole (no JavaScript needed to read it). True
 * when it was sent there.
 */
function toResultsShell(req, listing) {
  if (!searchRenders.wouldWait() && searchesInFlight === 0) return false;
  const shell = searchShellTarget(listing, req.url ?? "/");
  if (shell === null) return false;
  req.url = shell;
  return true;
}

/**
 * A product page naming a variant goes to that variant's cached page, so the
 * plain product page never reads its query and stays one cached page
 * (lib/catalog/variant-url.mjs); a direct request for the variant route, to
 * the 404 page. True when the request was mapped (or refused).
 */
function routeProductVariant(req) {
  if (!mapsListings) return false;
  const { notFound: direct, target } = mapProductVariantRequest(req.url ?? "/");
  if (direct) req.url = NOT_FOUND_PATH;
  else if (target && (req.method === "GET" || req.method === "HEAD")) req.url = target;
  else return false;
  return true;
}

/** Searches that will be rendered: a few at a time, the rest in arrival order (server/render-queue.mjs). */
const searchRenders = createRenderQueue({ concurrency: SEARCH_RENDERS_AT_ONCE });

/** A search refused while MAX_WAITING wait (load shed on purpose: logged as a warning, not an error). */
function busy(res) {
  res.shed = true;
  const body = '<!doctype html><title>Busy</title><h1>The shop is very busy</h1><p>Please search again in a moment. <a href="/shop">Browse the shop</a>.</p>';
  res.writeHead(503, {
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "retry-after": "2",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  });
  res.end(body);
}

let closing = false;

const server = http.createServer((req, res) => {
  logRequest(req, res);
  settleUnreadBody(req, res);
  // Shared-cache headers by the path the client asked for, before any mapping (lib/cdn/policy.mjs).
  applyCdnHeaders(req, res, routedPath((req.url ?? "/").split("?", 1)[0]), Boolean(CDN_PURGE));
  if (malformedPath(req.url ?? "/")) return badRequest(req, res);
  if (pageWriteWithoutAction(req)) return methodNotAllowed(res);
  countApiSearch(req, res);
  const onDemandSearch = !routeProductVariant(req) && routeListing(req, res);
  if (closing) {
    // Draining: this connection is not reused, and load balancers see this instance as not ready.
    res.setHeader("connection", "close");
    if (req.url === "/api/ready") {
      res.writeHead(503, { "content-type": "application/json", "cache-control": "no-store" });
      return res.end(JSON.stringify({ ready: false, shuttingDown: true }));
    }
  }
  toNext(req, res, onDemandSearch);
});

/** Hands the request to Next.js (a search that will be rendered waits its turn). */
function toNext(req, res, onDemandSearch) {
  req.headers[PEER_HEADER] = `${token} ${req.socket.remoteAddress ?? ""}`;
  const render = () =>
    handle(req, res).catch((error) => {
      log.error({ reqId: req.headers["x-request-id"], route: routeOf(req.url ?? "/"), err: error }, "request failed");
      if (res.headersSent) return res.destroy(); // a body cut short must not look complete (nor be stored)
      res.statusCode = 500;
      res.end();
    });
  if (!onDemandSearch) return void render();
  if (!searchRenders.enqueue(req, res, render)) busy(res);
}
// Longer than common load balancers' idle timeouts, as `next start` does.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.requestTimeout = 60_000;

server.listen(port, hostname, () => {
  log.info({ port }, `Maple & Micron ready on http://${hostname ?? "localhost"}:${port}`);
});

/**
 * Graceful shutdown (SIGTERM from an orchestrator, SIGINT from a terminal):
 * stop accepting connections, let every request in flight finish (keep-alive
 * connections are closed as soon as they are idle), then close the database
 * pool and the Redis connection and exit 0. Bounded: after
 * SHUTDOWN_TIMEOUT_MS (default 20 s) whatever is left is cut and the exit code is 1.
 */

async function closeConnections() {
  const prisma = existingProcessState("prisma");
  const redis = existingProcessState("redis");
  await Promise.allSettled([prisma?.$disconnect?.(), redis?.isOpen ? redis.quit() : undefined]);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    log.info({ signal }, "no new connections; finishing requests in flight");
    const forced = setTimeout(() => {
      log.error({ timeoutMs: SHUTDOWN_TIMEOUT_MS }, "requests still in flight at the shutdown timeout; exiting anyway");
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    forced.unref();
    server.close(async () => {
      await closeConnections();
      log.info("shutdown complete");
      process.exit(0);
    });
    server.closeIdleConnections();
    // Connections that were busy when the signal came become idle after their response: close them then.
    setInterval(() => server.closeIdleConnections(), 250).unref();
  });
}
