import { cn } from "@/lib/utils";
import { formatDay } from "@/components/admin/format";
import { formatMoney, toCents } from "@/lib/money";

export type RevenuePoint = { date: string; revenue: string; orders: number };

/** A "nice" top for the y axis: 1, 2, 2.5 or 5 × 10^k dollars, at least $100. */
function niceMaxCents(maxCents: number): number {
  const dollars = Math.max(maxCents / 100, 100);
  const power = 10 ** Math.floor(Math.log10(dollars));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= dollars) ?? 10;
  return Math.round(step * power * 100);
}

const VIEW_W = 300;
const VIEW_H = 100;
const TICKS = 4;

/**
 * Revenue per day as an SVG bar chart (no chart library). The SVG carries a
 * title and description; the exact values are in a visually hidden table.
 * Axis labels are HTML so they stay readable at any width.
 */
export function RevenueChart({ days }: { days: RevenuePoint[] }) {
  if (days.length === 0) return null;
  const cents = days.map((d) => toCents(d.revenue));
  const totalCents = cents.reduce((a, b) => a + b, 0);
  const totalOrders = days.reduce((a, d) => a + d.orders, 0);
  const top = niceMaxCents(Math.max(0, ...cents));
  const slot = VIEW_W / Math.max(days.length, 1);
  const gap = Math.min(slot * 0.25, 3);
  const first = days[0]?.date;
  const last = days.at(-1)?.date;
  const labelEvery = Math.max(1, Math.ceil(days.length / 6));
  const labelled = new Set(days.map((_, i) => i).filter((i) => i % labelEvery === 0));
  const lastLabelled = Math.max(...labelled);
  if (days.length - 1 - lastLabelled >= labelEvery * 0.6) labelled.add(days.length - 1);
  const best = days.reduce<RevenuePoint | null>((b, d, i) => (cents[i] > 0 && (!b || cents[i] > toCents(b.revenue)) ? d : b), null);
  const summary = `${formatMoney(totalCents)} from ${totalOrders} ${totalOrders === 1 ? "order" : "orders"} between ${first ? formatDay(first) : ""} and ${last ? formatDay(last) : ""}.${
    best ? ` Best day: ${formatDay(best.date)} with ${formatMoney(best.revenue)}.` : " No revenue in this period."
  }`;

  return (
    <section aria-labelledby="revenue-chart-title" className="rounded-xl border bg-card p-5 shadow-xs">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="revenue-chart-title" className="text-lg font-semibold">
          Revenue, last {days.length} days
        </h2>
        <p className="text-sm text-muted-foreground">
          <span className="font-semibold text-foreground tabular-nums">{formatMoney(totalCents)}</span> · {totalOrders} {totalOrders === 1 ? "order" : "orders"}
        </p>
      </div>

      <div className="mt-5 flex gap-2">
        <div aria-hidden="true" className="relative h-48 w-14 shrink-0 text-right text-[0.6875rem] text-muted-foreground tabular-nums">
          {Array.from({ length: TICKS + 1 }, (_, i) => (
            <span key={i} className="absolute right-0 -translate-y-1/2" style={{ top: `${(i / TICKS) * 100}%` }}>
              {formatMoney(Math.round((top * (TICKS - i)) / TICKS)).replace(/\.00$/, "")}
            </span>
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <div className="relative h-48">
            <svg role="img" aria-labelledby="revenue-svg-title revenue-svg-desc" viewBox={`0 0 ${VIEW_W} ${VIEW_H}`} preserveAspectRatio="none" className="absolute inset-0 size-full overflow-visible">
              {/* One string: React renders a <title> of several children as an empty one on the server, and the client's text then fails hydration (#418). */}
              <title id="revenue-svg-title">{`Revenue per day, last ${days.length} days`}</title>
              <desc id="revenue-svg-desc">{summary}</desc>
              {Array.from({ length: TICKS + 1 }, (_, i) => (
                <line key={i} x1={0} x2={VIEW_W} y1={(i / TICKS) * VIEW_H} y2={(i / TICKS) * VIEW_H} stroke="var(--border)" strokeWidth={1} vectorEffect="non-scaling-stroke" />
              ))}
              {days.map((d, i) => {
                const h = top > 0 ? (cents[i] / top) * VIEW_H : 0;
                return (
                  <rect key={d.date} x={i * slot + gap / 2} y={VIEW_H - h} width={slot - gap} height={h} fill="var(--primary)" className="opacity-85 hover:opacity-100">
                    <title>{`${formatDay(d.date)}: ${formatMoney(d.revenue)} (${d.orders} ${d.orders === 1 ? "order" : "orders"})`}</title>
                  </rect>
                );
              })}
            </svg>
          </div>
          <div aria-hidden="true" className="relative mt-2 h-4 text-[0.6875rem] text-muted-foreground">
            {days.map((d, i) => {
              if (!labelled.has(i)) return null;
              const edge = i === 0 ? { left: 0 } : i === days.length - 1 ? { right: 0 } : { left: `${((i + 0.5) / days.length) * 100}%`, transform: "translateX(-50%)" };
              // Phones have room for every other label only (first and last always shown).
              const ordinal = [...labelled].sort((a, b) => a - b).indexOf(i);
              const phoneHidden = ordinal % 2 === 1 && i !== 0 && i !== days.length - 1;
              const beforeLast = i !== days.length - 1 && [...labelled].some((j) => j > i && j - i < labelEvery);
              return (
                <span key={d.date} className={cn("absolute whitespace-nowrap", (phoneHidden || beforeLast) && "hidden sm:inline")} style={edge}>
                  {formatDay(d.date)}
                </span>
              );
            })}
          </div>
        </div>
      </div>
      <p aria-hidden="true" className="mt-3 text-xs text-muted-foreground">
        {summary}
      </p>

      {/* Hidden in a 1 px box: a table ignores a width of its own, and at large text widened the page. */}
      <div className="sr-only">
        <table>
          <caption>Revenue per day, last {days.length} days</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Revenue</th>
              <th scope="col">Orders</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{formatDay(d.date)}</th>
                <td>{formatMoney(d.revenue)}</td>
                <td>{d.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
