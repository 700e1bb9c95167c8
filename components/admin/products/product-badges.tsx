import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { needsWeight, type PackageFields } from "@/lib/shipping/schemas";

type BadgeFlags = { active: boolean; featured: boolean; uniqueItem: boolean; sold: boolean };

/** Which status badges a product gets (spec §2): Active/Inactive, Featured, Sold (unique and sold), Unique Item (unique, not sold). */
export function productBadgeLabels(p: BadgeFlags): string[] {
  const labels = [p.active ? "Active" : "Inactive"];
  if (p.featured) labels.push("Featured");
  if (p.uniqueItem && p.sold) labels.push("Sold");
  if (p.uniqueItem && !p.sold) labels.push("Unique Item");
  return labels;
}

const STYLE: Record<string, string> = {
  Active: "border-emerald-200 bg-emerald-50 text-emerald-800",
  Inactive: "border-zinc-300 bg-zinc-100 text-zinc-700",
  Featured: "border-amber-200 bg-amber-50 text-amber-900",
  Sold: "border-red-200 bg-red-50 text-red-800",
  "Unique Item": "border-sky-200 bg-sky-50 text-sky-900",
};

/** A shippable product without a packed weight (lib/shipping): it ships at its zone's flat or table rate until weighed. */
const weightMissing = (p: BadgeFlags & { kind?: string; package?: PackageFields }) => Boolean(p.package) && needsWeight({ giftCard: p.kind === "gift_card", ...p.package! });

export function ProductBadges({ product, className }: { product: BadgeFlags & { kind?: string; package?: PackageFields }; className?: string }) {
  return (
    <ul className={cn("flex flex-wrap gap-1.5", className)} aria-label="Status">
      {productBadgeLabels(product).map((label) => (
        <li key={label}>
          <Badge variant="outline" className={STYLE[label]} data-testid="product-badge">
            {label}
          </Badge>
        </li>
      ))}
      {weightMissing(product) && (
        <li>
          <Badge variant="outline" className="border-orange-300 bg-orange-50 text-orange-900" data-testid="product-needs-weight" title="No packed weight: it ships at its zone's flat or table rate">
            Needs weight
          </Badge>
        </li>
      )}
    </ul>
  );
}
