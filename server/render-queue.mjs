/**
 * Search result pages that will be rendered — a term's first read on this
 * instance, rendered by /shop on demand (server/cache/search-admission.mjs), its
 * second, which the cached route renders and stores, or a search the cached
 * route does not take (lib/catalog/listing-url.mjs) — are rendered at most
 * `concurrency` at a time, the rest waiting in arrival order, by
 * `npm start`'s front server (server/front-server.mjs). Later reads are cache
 * hits and never wait (after a catalogue change, a popular term's next read
 * renders again without waiting).
 *
 * Why: such a render is the most expensive thing a visitor can ask for, and
 * Node runs every render it has started side by side, so with a crowd each
 * search's wait grew with its own cost times the crowd; in arrival order each
 * waits only for those ahead of it (figures: docs/decisions/0001-search-render-queue.md).
 *
 * A turn ends when the render is done (the request handler settled), the
 * response or its connection closed, or after MAX_TURN_MS — whichever comes
 * first, so no client can keep a turn: not one that leaves (a response
 * pipelined behind another on a connection that closes never emits its own
 * close), nor one that stops reading. A request whose client left while
 * waiting is not rendered. Bounded: past MAX_WAITING waiting (over a second
 * of work), a search is answered 503 with Retry-After at once — a flood of random terms cannot grow the queue, nor the memory of
 * its requests, without limit. Concurrency: p-limit.
 *
 * The front server sizes it with SEARCH_RENDERS_AT_ONCE (default 1;
 * RENDERS_AT_ONCE, 4, is only this module's default) and does not let a
 * search page wait: one that would (wouldWait), or that arrives while another
 * search is being answered, gets its results shell, whose results the browser
 * loads from GET /api/products (server/front-server.mjs toResultsShell;
 * docs/decisions/0002-results-shell-when-busy.md). The queue still orders the
 * searches the shell does not take (a category path it cannot name).
 *
 * Plain JavaScript: the front server loads it outside the app's bundles.
 */
import pLimit from "p-limit";

export const RENDERS_AT_ONCE = 4;
export const MAX_WAITING = 200;
/** Longer than any search render; the turn ends then even if the response has not. */
export const MAX_TURN_MS = 10_000;

/** Whether the client of `req`/`res` is gone or already answered. */
function finished(req, res) {
  return Boolean(res.destroyed || res.writableEnded || res.closed || req.destroyed || req.socket?.destroyed);
}

/**
 * A queue of renders. `enqueue(req, res, render)` calls `render()` (a
 * promise) in its turn; it returns false, calling nothing, when MAX_WAITING
 * are already waiting.
 */
export function createRenderQueue({ concurrency = RENDERS_AT_ONCE, maxWaiting = MAX_WAITING, maxTurnMs = MAX_TURN_MS } = {}) {
  const limit = pLimit(Math.max(1, concurrency));
  const turn = (req, res, render) =>
    new Promise((resolve) => {
      const socket = req.socket;
      const end = () => {
        clearTimeout(timer);
        res.off("close", end);
        socket?.off("close", end);
        resolve();
      };
      const timer = setTimeout(end, maxTurnMs);
      timer.unref?.();
      res.once("close", end);
      socket?.once("close", end);
      Promise.resolve().then(render).then(end, end);
    });
  return {
    enqueue(req, res, render) {
      // (p-limit starts a queued function a tick later: count both, not just those waiting.)
      if (limit.activeCount + limit.pendingCount >= concurrency + maxWaiting) return false;
      void limit(() => (finished(req, res) ? undefined : turn(req, res, render)));
      return true;
    },
    /** Whether a render enqueued now would wait for its turn (all `concurrency` turns taken; always for 0). */
    wouldWait() {
      return limit.activeCount + limit.pendingCount >= concurrency;
    },
    get active() {
      return limit.activeCount;
    },
    get waiting() {
      return limit.pendingCount;
    },
  };
}
