import { cn } from "@/lib/utils";

/**
 * A table inside a card that scrolls sideways on narrow screens instead of squeezing its columns.
 * The scroll box is focusable so keyboard users can scroll it too (WCAG 2.1.1), and named after the
 * table; a group rather than a region, so it adds no landmark beside the section it sits in.
 */
export function AdminTable({ caption, className, children, minWidth = "min-w-[44rem]" }: { caption: string; className?: string; children: React.ReactNode; minWidth?: string }) {
  return (
    <div
      role="group"
      aria-label={caption}
      tabIndex={0}
      className={cn("relative overflow-x-auto rounded-xl border bg-card shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50", className)}
    >
      <table className={cn("w-full border-collapse text-sm", minWidth)}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function Th({ className, children, ...props }: React.ComponentProps<"th">) {
  return (
    <th scope="col" className={cn("border-b bg-muted/50 px-4 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase", className)} {...props}>
      {children}
    </th>
  );
}

export function Td({ className, children, ...props }: React.ComponentProps<"td">) {
  return (
    <td className={cn("border-b px-4 py-3 align-middle", className)} {...props}>
      {children}
    </td>
  );
}

/** A row spanning every column, for "nothing here yet" messages. */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: React.ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-12 text-center text-sm text-muted-foreground">
        {children}
      </td>
    </tr>
  );
}
