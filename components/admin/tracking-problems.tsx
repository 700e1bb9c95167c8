import { PackageX } from "lucide-react";
import { formatDate } from "@/components/admin/format";
import { NeedsDoing } from "@/components/admin/needs-doing";

type TrackingProblem = { orderId: number; orderNumber: string; email: string; status: string; message: string | null; at: string };

const STATUS: Record<string, string> = { return_to_sender: "returned to sender", failure: "delivery failed", error: "carrier error" };

/** The dashboard's "needs doing" for parcels the carrier reports in trouble (returned, failed delivery, a carrier error), until the order is delivered or cancelled. */
export function TrackingProblems({ problems, timeZone }: { problems: TrackingProblem[]; timeZone: string }) {
  return (
    <NeedsDoing
      id="tracking-problems-title"
      icon={PackageX}
      title="parcels in trouble"
      testId="tracking-problems"
      items={problems.map((p) => (
        <li key={`${p.orderId}-${p.status}`}>
          <span className="font-mono">{p.orderNumber}</span> — {p.email}, {formatDate(p.at, timeZone)}: <strong>{STATUS[p.status] ?? p.status.replaceAll("_", " ")}</strong>
          {p.message && <> ({p.message})</>}
        </li>
      ))}
    >
      The carrier reports a problem with these parcels. Contact the shopper or the carrier; the order&apos;s timeline has the details.
    </NeedsDoing>
  );
}
