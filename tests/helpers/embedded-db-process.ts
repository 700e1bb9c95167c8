/**
 * An embedded database server in a process of its own (what `npm start`'s
 * launcher runs), for tests that measure that process. It sends `{ url }`
 * over IPC once it listens; "watch" starts sampling its resident memory every
 * 50 ms (after a full garbage collection); "rise" stops and answers the
 * largest rise seen: the most RSS grew above its lowest point so far. (A rise,
 * not end minus start: V8 hands back tens of MB at unpredictable moments after
 * start-up, which would hide growth or fake a drop.) "stop" stops it.
 * Run with `node --expose-gc --import <tsx> tests/helpers/embedded-db-process.ts`.
 */
import { startEmbeddedDatabase } from "@/lib/db/embedded";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc || !process.send) throw new Error("run with --expose-gc and an IPC channel");
const send = process.send.bind(process);

const db = await startEmbeddedDatabase({ dataDir: null });
send({ url: db.url });

let watch: { timer: NodeJS.Timeout; lowest: number; rise: number; start: number; last: number } | null = null;
const sample = () => {
  if (!watch) return;
  const rss = process.memoryUsage().rss;
  watch.last = rss;
  watch.lowest = Math.min(watch.lowest, rss);
  watch.rise = Math.max(watch.rise, rss - watch.lowest);
};

process.on("message", (message) => {
  if (message === "watch") {
    gc();
    gc();
    const rss = process.memoryUsage().rss;
    watch = { timer: setInterval(sample, 50), lowest: rss, rise: 0, start: rss, last: rss };
    send({ rss });
  } else if (message === "rise" && watch) {
    sample();
    clearInterval(watch.timer);
    send({ rise: watch.rise, start: watch.start, end: watch.last });
    watch = null;
  } else if (message === "stop") {
    void db.stop().then(() => process.exit(0));
  }
});
process.on("disconnect", () => process.exit(0));
