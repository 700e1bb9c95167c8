import { PackageX } from "lucide-react";
import { formatDate } from "@/components/admin/format";

type TrackingProblem = { orderId: number; orderNumber: string; email: string; status: string; message: string | null; at: string };

const STATUS: Record<string, string> = { return_to_sender: "returned to sender", failure: "delivery failed", error: "carrier error" };

/** The dashboard's "needs doing" for parcels the carrier reports in trouble (returned, failed delivery, a carrier error), until the order is delivered or cancelled. */
export function TrackingProblems({ problems, timeZone }: { problems: TrackingProblem[]; timeZone: string }) {
  if (!problems.length) return null;
  return (
    <section aria-labelledby="tracking-problems-title" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="tracking-problems">
      <h2 id="tracking-problems-title" className="flex items-center gap-2 font-semibold">
        <PackageX aria-hidden="true" className="size-4" />
        Needs doing: parcels in trouble
      </h2>
      <p className="mt-1 text-sm">The carrier reports a problem with these parcels. Contact the shopper or the carrier; the order&apos;s timeline has the details.</p>
      <ul className="mt-2 grid gap-1 text-sm [overflow-wrap:anywhere]">
        {problems.map((p) => (
          <li key={`${p.orderId}-${p.status}`}>
            <span className="font-mono">{p.orderNumber}</span> — {p.email}, {formatDate(p.at, timeZone)}: <strong>{STATUS[p.status] ?? p.status.replaceAll("_", " ")}</strong>
            {p.message && <> ({p.message})</>}
          </li>
        ))}
      </ul>
    </section>
  );
}
