/**
 * The path Next.js will route for a request path, as `npm start`'s front
 * server (server/front-server.mjs) and lib/catalog/listing-url.mjs read it:
 * dot segments resolved as URL parsing does (/shop/../listing and
 * /shop/%2e%2e/listing are /listing), then percent-decoded, lower-cased
 * unless asked not to. A malformed encoding is left as it is (the front
 * server answers such paths with 400 before routing).
 *
 * Plain JavaScript: the front server loads it outside the app's bundles.
 */
export function routedPath(pathname, { lowerCase = true } = {}) {
  const resolved = resolvedPath(pathname);
  let decoded = resolved;
  try {
    if (resolved.includes("%")) decoded = decodeURIComponent(resolved);
  } catch {
    // Malformed: answered 400 before routing.
  }
  return lowerCase ? decoded.toLowerCase() : decoded;
}

/** The path with its dot segments resolved (and a backslash read as a slash), still percent-encoded. */
export function resolvedPath(pathname) {
  return /[.%\\]/.test(pathname) ? new URL(`http://localhost${pathname}`).pathname : pathname;
}
