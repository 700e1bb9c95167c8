import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/**
 * The dashboard's "needs doing" frame: an amber panel with an icon, a heading that names the list, what to do
 * about it, and one line per item (payments not taken, parcels in trouble).
 */
export function NeedsDoing({ id, icon: Icon, title, testId, children, items }: { id: string; icon: LucideIcon; title: string; testId: string; children: ReactNode; items: ReactNode[] }) {
  if (!items.length) return null;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid={testId}>
      <h2 id={id} className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden="true" className="size-4" />
        Needs doing: {title}
      </h2>
      <p className="mt-1 text-sm">{children}</p>
      <ul className="mt-2 grid gap-1 text-sm [overflow-wrap:anywhere]">{items}</ul>
    </section>
  );
}
