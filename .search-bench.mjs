import autocannon from "autocannon";
const BASE = process.env.BASE ?? "http://127.0.0.1:3110";
const SECONDS = Number(process.env.SECONDS ?? 10);
const words = ["walnut", "maple", "cherry", "bowl", "table", "jig", "square", "oak", "shelf", "clamp", "board", "stool", "drill", "lamp", "router", "hinge", "gauge", "spoon", "vase", "tray"];
let n = 0;
const typo = (w) => { const i = 1 + (n % (w.length - 1)); return w.slice(0, i) + "xyzq"[n % 4] + w.slice(i + 1); };
function neverSeen() {
  n++;
  const a = words[n % words.length], b = words[(n * 7) % words.length];
  // a new term each request: a typo of one word, sometimes with a second word, plus a unique number-word so no cache entry repeats
  const term = n % 3 === 0 ? `${typo(a)} ${b} ${n}x` : n % 3 === 1 ? `${a} ${typo(b)}${n}` : `${typo(a)} q${n}`;
  return term;
}
async function run(label, opts) {
  for (let i = 0; i < 3 && opts.url; i++) await fetch(BASE + opts.url).then((r) => r.arrayBuffer());
  const r = await autocannon({ connections: 20, duration: SECONDS, pipelining: 1, ...opts, url: BASE + (opts.url ?? "/") });
  console.log(`${label.padEnd(46)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  non2xx ${r.non2xx} errors ${r.errors + r.timeouts}`);
}
const only = process.argv[2];
const cases = [
  ["baseline /api/health", { url: "/api/health" }],
  ["/shop?search=walnut (repeated)", { url: "/shop?search=walnut" }],
  ["/shop?search=walnot (repeated, corrected)", { url: "/shop?search=walnot" }],
  ["/api/products?search=jig&limit=12 (repeated)", { url: "/api/products?search=jig&limit=12" }],
  ["/api/search/suggest?q=wal (repeated prefix)", { url: "/api/search/suggest?q=wal" }],
  ["/shop?search=<never seen> (real word+typo)", { url: "/shop", requests: [{ setupRequest: (req) => ({ ...req, path: `/shop?search=${encodeURIComponent(neverSeen())}` }) }] }],
  ["/api/products?search=<never seen>", { url: "/api/products", requests: [{ setupRequest: (req) => ({ ...req, path: `/api/products?limit=12&search=${encodeURIComponent(neverSeen())}` }) }] }],
  ["/api/search/suggest?q=<never seen>", { url: "/api/search/suggest", requests: [{ setupRequest: (req) => ({ ...req, path: `/api/search/suggest?q=${encodeURIComponent(neverSeen())}` }) }] }],
];
for (const [label, opts] of cases) if (!only || label.includes(only)) await run(label, opts);
