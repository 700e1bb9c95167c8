import { cn } from "@/lib/utils";

/**
 * The newsletter screens' plain list table: a scroll box a keyboard can reach
 * (focusable, named, so a narrow screen can scroll it sideways), a head row of
 * column names, and the rows the caller brings (cells with className="p-3").
 */
export function ListTable({ label, testId, className, columns, children }: { label: string; testId: string; className?: string; columns: React.ReactNode[]; children: React.ReactNode }) {
  return (
    <div
      className={cn("overflow-x-auto rounded-lg border bg-card focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none", className)}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className="w-full text-sm" data-testid={testId}>
        <thead>
          <tr className="border-b text-left">
            {columns.map((column, i) => (
              <th key={i} scope="col" className="p-3">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
