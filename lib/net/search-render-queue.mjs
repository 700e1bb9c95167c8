/**
 * Search result pages rendered on demand — a term's first read on this
 * instance, whose page will not be stored (lib/cache/search-admission.mjs),
 * or a search the cached route does not take (lib/catalog/listing-url.mjs) —
 * are rendered at most RENDERS_AT_ONCE at a time, the rest waiting in
 * arrival order, by `npm start`'s front server (scripts/next-server.mjs).
 *
 * Why: such a render is the most expensive thing a visitor can ask for
 * (some 6 ms of CPU, where a cached page takes 0.08), and Node runs every render it has
 * started side by side, so with twenty at once a search's wait grew with its
 * own cost times the crowd. Four at a time, the rest in arrival order, each
 * waits for those ahead of it instead. 20 connections of never-seen searches
 * on the demo catalogue, fresh servers, alternating: p99 206–226 ms → 177–187
 * ms, worst 316–384 → 197–252 ms, at the same rate (157–158 searches/s);
 * at 10,000 products p99 224–232 → 184–195 ms. Four keep the CPU busy while
 * others wait on the database.
 *
 * Bounded: past MAX_WAITING waiting (over a second of work at this
 * machine's rate), a search is answered 503 with Retry-After at once rather
 * than queued behind them — a flood of random terms cannot grow the queue,
 * nor the memory of its requests, without limit. A request whose client left
 * while waiting is not rendered. Concurrency: p-limit.
 *
 * Plain JavaScript: the front server loads it outside the app's bundles.
 */
import pLimit from "p-limit";

export const RENDERS_AT_ONCE = 4;
export const MAX_WAITING = 200;

/**
 * A queue of renders. `enqueue(res, render)` calls `render()` in its turn and
 * holds the slot until `res` closes (answered or abandoned); it returns false,
 * calling nothing, when MAX_WAITING are already waiting.
 */
export function createRenderQueue({ concurrency = RENDERS_AT_ONCE, maxWaiting = MAX_WAITING } = {}) {
  const limit = pLimit(concurrency);
  return {
    enqueue(res, render) {
      // (p-limit starts a queued function a tick later: count both, not just those waiting.)
      if (limit.activeCount + limit.pendingCount >= concurrency + maxWaiting) return false;
      void limit(() => {
        if (res.destroyed || res.writableEnded || res.closed) return undefined; // the client left while waiting
        return new Promise((resolve) => {
          res.once("close", resolve);
          render();
        });
      });
      return true;
    },
    get active() {
      return limit.activeCount;
    },
    get waiting() {
      return limit.pendingCount;
    },
  };
}
