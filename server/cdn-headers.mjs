/**
 * The headers a shared cache in front of the shop reads (lib/cdn/policy.mjs),
 * set on every answer as it goes out — rendered by Next or served from its
 * cache (every way headers go out passes through writeHead) — and the 304 a matching If-None-Match gets for an answer
 * carrying an ETag that Next does not answer conditionally itself (a page
 * served from its cache).
 */
import { cdnAnswerPolicy, etagMatches, tagHeader } from "../lib/cdn/policy.mjs";

/** Headers a 304 must not carry: it has no body (RFC 9110 §15.4.5). */
const BODY_HEADERS = ["content-length", "content-type", "content-encoding", "transfer-encoding"];

/**
 * Installs the policy on `res` for a request the client sent for `path`
 * (before the front server's mapping), before Next handles it.
 */
export function applyCdnHeaders(req, res, path, purging) {
  const writeHead = res.writeHead;
  res.writeHead = function (statusCode, ...rest) {
    if (res.headersSent) return writeHead.call(this, statusCode, ...rest);
    // Headers handed to writeHead join those set before, so the policy sees them all.
    const last = rest[rest.length - 1];
    if (last && typeof last === "object" && !Array.isArray(last)) {
      for (const [name, value] of Object.entries(last)) if (value !== undefined) res.setHeader(name, value);
      rest = rest.slice(0, -1);
    }
    const policy = cdnAnswerPolicy({ method: req.method, path, status: statusCode, cacheControl: res.getHeader("cache-control"), purging });
    if (policy) {
      res.setHeader("cache-control", policy.cacheControl);
      if (policy.tags) {
        res.setHeader("surrogate-key", tagHeader(policy.tags, " "));
        res.setHeader("cache-tag", tagHeader(policy.tags, ","));
      }
    }
    if (statusCode === 200 && (req.method === "GET" || req.method === "HEAD") && etagMatches(req.headers["if-none-match"], res.getHeader("etag"))) {
      statusCode = 304;
      rest = [];
      // Node sends no body with a 304, whatever is written after.
      for (const name of BODY_HEADERS) res.removeHeader(name);
    }
    return writeHead.call(this, statusCode, ...rest);
  };
}
