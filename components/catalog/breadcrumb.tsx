import Link from "next/link";
import { Icon } from "@/components/ui/icon";

export type BreadcrumbItem = { label: string; href?: string };

/** Trail of links (nav aria-label="Breadcrumb"); the last item is the current page. */
export function Breadcrumb({ items }: { items: BreadcrumbItem[] }) {
  return (
    <nav aria-label="Breadcrumb" className="min-w-0 text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${item.label}-${i}`} className="flex min-w-0 items-center gap-1.5">
              {last || !item.href ? (
                <span aria-current={last ? "page" : undefined} className={last ? "crumb-current truncate font-medium text-foreground" : undefined}>
                  {item.label}
                </span>
              ) : (
                <Link href={item.href} className="rounded-sm hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                  {item.label}
                </Link>
              )}
              {!last && <Icon name="chevron-right" className="size-3.5" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
