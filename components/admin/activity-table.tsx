import Link from "next/link";
import { AdminTable, EmptyRow, Td } from "@/components/admin/admin-table";
import { formatDateTime } from "@/components/admin/format";
import { activityActionLabel, activityEntityLabel } from "@/lib/admin/wording";
import type { AuditLogDTO } from "@/lib/audit/queries";

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value.length > 80 ? `${value.slice(0, 77)}…` : value;
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
};

/** The fields that changed: "name: Old → New"; a create lists what was set, a delete what was removed. */
function Changes({ entry }: { entry: AuditLogDTO }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (!keys.length) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="grid gap-0.5 text-xs">
      {keys.slice(0, 8).map((k) => (
        <li key={k} className="break-words">
          <span className="font-medium">{k}</span>:{" "}
          {entry.before && entry.after ? (
            <>
              <span className="text-muted-foreground line-through">{show(entry.before[k])}</span> → {show(entry.after[k])}
            </>
          ) : (
            show((entry.after ?? entry.before)?.[k])
          )}
        </li>
      ))}
      {keys.length > 8 && <li className="text-muted-foreground">and {keys.length - 8} more</li>}
    </ul>
  );
}

export function ActivityTable({ entries, nextHref, timeZone }: { entries: AuditLogDTO[]; nextHref: string | null; timeZone: string }) {
  return (
    <>
      <AdminTable caption="Activity" minWidth="min-w-[48rem]" columns={["When", "Admin", "What", "Changes"]}>
        <tbody>
          {entries.length === 0 && <EmptyRow colSpan={4}>No activity recorded.</EmptyRow>}
          {entries.map((e) => (
            <tr key={e.id} data-testid="activity-row" className="align-top">
              <Td className="whitespace-nowrap">{formatDateTime(e.createdAt, timeZone)}</Td>
              <Td>{e.adminName}</Td>
              <Td className="whitespace-nowrap">
                <span className="font-medium">{activityActionLabel(e.action)}</span> {activityEntityLabel(e.entityType)}
                {e.entityId && <span className="text-muted-foreground"> #{e.entityId}</span>}
              </Td>
              <Td>
                <Changes entry={e} />
              </Td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
      {nextHref && (
        <p className="mt-4 text-sm">
          <Link href={nextHref} className="text-primary underline-offset-4 hover:underline">
            Older activity
          </Link>
        </p>
      )}
    </>
  );
}
