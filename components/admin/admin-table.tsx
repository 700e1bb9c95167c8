import { cn } from "@/lib/utils";

/**
 * A table inside a card that scrolls sideways on narrow screens instead of squeezing its columns.
 * The scroll box is focusable so keyboard users can scroll it too (WCAG 2.1.1), and named after the
 * table; a group rather than a region, so it adds no landmark beside the section it sits in.
 */
/**
 * `cards`: below the sm breakpoint each row is a card, one labelled line per cell (give each Td a `label`),
 * so a phone reads every column without scrolling sideways; pass `minWidth` with an `sm:` prefix then.
 */
const CARD_ROWS =
  "max-sm:block max-sm:[&>thead]:sr-only max-sm:[&>tbody]:block max-sm:[&>tbody>tr]:block max-sm:[&>tbody>tr]:border-b max-sm:[&>tbody>tr]:px-4 max-sm:[&>tbody>tr]:py-3 max-sm:[&>tbody>tr>td]:border-0 max-sm:[&>tbody>tr>td]:px-0 max-sm:[&>tbody>tr>td]:py-1 max-sm:[&>tbody>tr>td]:text-left";

/** A column of an admin table's head: its name, or its name and the header cell's classes. */
export type AdminColumn = string | { label: React.ReactNode; className?: string };

/** "Actions" for screen readers only, over a row's buttons. */
export const ACTIONS_LABEL = <span className="sr-only">Actions</span>;
export const ACTIONS_COLUMN: AdminColumn = { label: ACTIONS_LABEL, className: "text-right" };

/**
 * A plain head row for the admin's own-styled tables (lists, dialogs): every header cell takes `cell`'s
 * classes, and a column given as an object adds its own (a right-aligned amount, a column hidden on phones).
 */
export function TableHead({ className, cell, columns }: { className?: string; cell?: string; columns: AdminColumn[] }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column, i) => (
          <th key={i} scope="col" className={typeof column === "string" ? cell : cn(cell, column.className)}>
            {typeof column === "string" ? column : column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function AdminTable({
  caption,
  className,
  children,
  minWidth = "min-w-[44rem]",
  cards = false,
  testId,
  columns,
}: {
  caption: string;
  /** The head row (one Th a column); without it, children bring their own thead. */
  columns?: AdminColumn[];
  /** The table's `data-testid`. */
  testId?: string;
  className?: string;
  children: React.ReactNode;
  minWidth?: string;
  cards?: boolean;
}) {
  return (
    <div
      role="group"
      aria-label={caption}
      tabIndex={0}
      className={cn("relative overflow-x-auto rounded-xl border bg-card shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50", className)}
    >
      <table className={cn("w-full border-collapse text-sm", minWidth, cards && CARD_ROWS)} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        {columns && (
          <thead>
            <tr>
              {columns.map((column, i) =>
                typeof column === "string" ? (
                  <Th key={column}>{column}</Th>
                ) : (
                  <Th key={i} className={column.className}>
                    {column.label}
                  </Th>
                ),
              )}
            </tr>
          </thead>
        )}
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

/** `label`: the column's name, shown before the value when the table's rows are cards (a phone). */
export function Td({ className, children, label, ...props }: React.ComponentProps<"td"> & { label?: string }) {
  return (
    <td
      data-label={label}
      className={cn(
        "border-b px-4 py-3 align-middle",
        label &&
          "max-sm:flex max-sm:flex-wrap max-sm:items-baseline max-sm:gap-x-3 max-sm:before:w-20 max-sm:before:shrink-0 max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-muted-foreground max-sm:before:uppercase max-sm:before:content-[attr(data-label)]",
        className,
      )}
      {...props}
    >
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
