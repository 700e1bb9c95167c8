/**
 * Request bodies an answer leaves unread, on `npm start`'s front server
 * (server/front-server.mjs), for every route: a 413 before an upload, JSON
 * body or webhook is read to its end (lib/net/body.ts,
 * lib/storage/form-files.ts), a 401, 403 or 415 before it is read at all,
 * the front server's own 405 for a page.
 *
 * Why: Node.js reads and drops the body of a request only when nothing ever
 * started reading it. A route that reads part of a body and stops (Next.js
 * hands the route a stream over the request; a limit cancels it) leaves the
 * rest on the connection, which stops being read: the next request a
 * keep-alive client sends on it got no answer (a 12 MB upload's 413, then
 * nothing for 15 s and more). Nor did anything bound what Node drops: a body
 * never touched was read to its end, 300 MB included.
 *
 * What it does, as RFC 9112 §9.6 describes and as Go's net/http does:
 * - An answer begun before the whole body has arrived says
 *   `Connection: close`, unless the rest is declared (Content-Length) and at
 *   most DISCARD_BYTES: that much is read and dropped, and the connection
 *   serves the next request.
 * - Once the answer is sent, what is left of the body is read and dropped,
 *   never kept (memory stays flat), at most LINGER_BYTES, for as long as
 *   the client keeps sending (a pause of LINGER_IDLE_MS ends it) and at most
 *   LINGER_MS in all, as nginx's lingering_timeout and lingering_time; a
 *   connection that said close is closed when the client has sent its body
 *   or at those bounds. Reading while closing (a lingering
 *   close) is what lets a client still sending its upload get the answer:
 *   a socket closed with unread data is reset, and a reset can drop the
 *   answer on its way.
 * - The route's own readers of the body are detached first: woken by more
 *   data, a reader the route cancelled destroys the request, and with it
 *   the connection, possibly before the answer is out; a destroy of an
 *   unfinished body by the route's reader only stops its reading
 *   (keepConnectionOnRouteDestroy).
 *
 * Plain JavaScript: the front server loads it outside the app's bundles.
 */

/** A refused body with at most this much declared still to come is read and dropped, keeping the connection. */
export const DISCARD_BYTES = 256 * 1024;
/**
 * After an answer that closes the connection, what the client still sends is read and dropped while it
 * keeps coming — until a pause this long (a slow upload, or a busy machine, still gets its answer
 * rather than a reset) — and for this long at most…
 */
export const LINGER_IDLE_MS = 5_000;
export const LINGER_MS = 30_000;
/** …and up to this much (its memory is never held), then the connection is closed. */
export const LINGER_BYTES = 16 * 1024 * 1024;

/** Whether the request carries a body (a declared length above 0, or chunked). */
function hasBody(req) {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length.trim() !== "0");
}

/** Whether the rest of a body still arriving is declared and small enough to read and drop. */
function smallRest(req) {
  if (req.headers["transfer-encoding"] !== undefined) return false;
  const length = req.headers["content-length"];
  return /^\d{1,15}$/.test(length ?? "") && Number(length) <= DISCARD_BYTES;
}

/**
 * Call first for every request: settles a body the answer to `req` leaves
 * unread, as described above. Costs a request without a body one header
 * look-up.
 */
export function settleUnreadBody(req, res, { lingerMs = LINGER_MS, lingerIdleMs = LINGER_IDLE_MS, lingerBytes = LINGER_BYTES } = {}) {
  if (!hasBody(req)) return;
  keepConnectionOnRouteDestroy(req);
  let closes = false;
  const writeHead = res.writeHead;
  // Every answer's head goes through writeHead (Node.js calls it for an implicit head too).
  res.writeHead = function writeHeadSettlingBody(...args) {
    if (!req.complete && !this.headersSent && !smallRest(req)) {
      closes = true;
      this.setHeader("connection", "close");
    }
    return writeHead.apply(this, args);
  };
  res.once("finish", () => {
    if (req.readableEnded || req.destroyed || req.socket.destroyed) return;
    discardRest(req, closes, { lingerMs, lingerIdleMs, lingerBytes });
  });
}

/**
 * A route that stops reading a body part-way leaves Next.js's async iterator over the request, and Node.js then
 * destroys the request (an AbortError, after taking its socket off it so as not to destroy that). A destroyed
 * request is never read again: the rest of the body stays unread, and the connection, closed after the answer,
 * is reset — under a client still sending, which can lose the answer (a CI run's EPIPE instead of a 413). While
 * the body is unfinished and the connection open, that destroy only stops the route's reading: the request
 * keeps its socket, and what is left is dropped after the answer (discardRest). Any other destroy (an error
 * of its own, a body read to its end, a connection already gone) goes through.
 */
function keepConnectionOnRouteDestroy(req) {
  const socket = req.socket;
  const destroy = req.destroy;
  req.destroy = function destroyUnlessRouteStoppedReading(error) {
    const routeStopped = !error || error.name === "AbortError";
    if (!routeStopped || req.complete || !socket || socket.destroyed) return destroy.call(this, error);
    if (!req.socket) req.socket = socket;
    req.removeAllListeners("data");
    req.removeAllListeners("readable");
    req.pause();
    return this;
  };
}

function discardRest(req, closes, { lingerMs, lingerIdleMs, lingerBytes }) {
  const socket = req.socket;
  if (closes && socket.listeners("finish").includes(socket.destroy)) {
    // Node.js closes a connection that said close as soon as the answer is
    // written (socket.destroySoon); it is closed below instead, after the
    // rest of the body. (Should Node.js close it another way, the connection
    // still closes, only without lingering.)
    socket.removeListener("finish", socket.destroy);
  }
  let dropped = 0;
  const stop = () => {
    clearTimeout(timer);
    clearTimeout(idle);
  };
  const close = () => {
    stop();
    socket.destroy();
  };
  const timer = setTimeout(close, lingerMs);
  timer.unref();
  let idle = setTimeout(close, lingerIdleMs);
  idle.unref();
  req.removeAllListeners("data");
  req.removeAllListeners("readable");
  req.on("data", (chunk) => {
    dropped += chunk.length;
    if (dropped > lingerBytes) return close();
    idle.refresh();
  });
  req.once("end", () => (closes ? close() : stop()));
  req.once("close", stop);
  req.resume();
}
