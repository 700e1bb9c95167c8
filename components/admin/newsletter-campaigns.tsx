"use client";

import { useEffect, useState } from "react";
import type { CampaignDTO } from "@/lib/newsletter/campaign-service";
import { useAdminTimeZone } from "@/components/admin/time-zone";
import { formatDateTime } from "@/components/admin/format";
import { ListTable } from "@/components/admin/list-table";

const STATUS_LABEL: Record<CampaignDTO["status"], string> = { draft: "Draft", scheduled: "Scheduled", sending: "Sending", sent: "Sent" };
const percent = (rate: number | null) => (rate === null ? "—" : `${(rate * 100).toFixed(2)} %`);

/** The newsletters with sent / total / failed, refreshed every 2 seconds while one is being sent, and each one's complaint rate. */
export function CampaignList({ initial }: { initial: CampaignDTO[] }) {
  const timeZone = useAdminTimeZone();
  const [campaigns, setCampaigns] = useState(initial);
  // A new list from the server (after a router refresh) replaces the one shown, during render rather than in an effect.
  const [shownInitial, setShownInitial] = useState(initial);
  if (initial !== shownInitial) {
    setShownInitial(initial);
    setCampaigns(initial);
  }
  const active = campaigns.some((c) => c.status === "sending" || c.status === "scheduled");
  useEffect(() => {
    const refresh = async () => {
      const res = await fetch("/api/admin/newsletter/campaigns", { cache: "no-store" }).catch(() => null);
      if (res?.ok) setCampaigns(((await res.json()) as { campaigns: CampaignDTO[] }).campaigns);
    };
    const onUpdate = () => void refresh();
    window.addEventListener("newsletter:changed", onUpdate);
    const timer = active ? setInterval(onUpdate, 2000) : null;
    return () => {
      window.removeEventListener("newsletter:changed", onUpdate);
      if (timer) clearInterval(timer);
    };
  }, [active]);

  return (
    <section aria-labelledby="campaigns-heading" className="mt-10">
      <h2 id="campaigns-heading" className="text-xl font-semibold">
        Newsletters
      </h2>
      {campaigns.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">None yet.</p>
      ) : (
        <ListTable className="mt-3" label="Newsletters sent and scheduled" testId="campaigns-table" columns={["Subject", "Status", "Sent / total", "Failed", "Complaint rate"]}>
          {campaigns.map((c) => (
            <tr key={c.id} className="border-b last:border-0" data-testid={`campaign-${c.id}`}>
              <td className="p-3 font-medium">{c.subject}</td>
              <td className="p-3">
                {STATUS_LABEL[c.status]}
                {c.status === "scheduled" && c.scheduledAt ? ` for ${formatDateTime(c.scheduledAt, timeZone)}` : ""}
              </td>
              <td className="p-3">
                <span data-testid="campaign-progress">
                  {c.progress.sent.toLocaleString("en-US")} / {c.progress.total.toLocaleString("en-US")}
                </span>
                {c.status === "sending" && (
                  <progress
                    className="ml-2 align-middle"
                    max={Math.max(c.progress.total, 1)}
                    value={c.progress.sent + c.progress.failed + c.progress.skipped}
                    aria-label={`Progress of ${c.subject}`}
                  />
                )}
              </td>
              <td className="p-3">{c.progress.failed.toLocaleString("en-US")}</td>
              <td className="p-3">
                {percent(c.progress.complaintRate)}
                {c.progress.complained > 0 ? ` (${c.progress.complained})` : ""}
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </section>
  );
}
