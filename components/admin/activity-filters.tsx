import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";

const TYPE_LABEL: Record<string, string> = {
  product: "Products",
  category: "Categories",
  customer: "Customers",
  user: "Admin users",
  order: "Orders",
  review: "Reviews",
  commission: "Commissions",
  discount_code: "Discount codes",
  gift_card: "Gift cards",
  settings: "Shop settings",
  subscriber: "Subscribers",
  campaign: "Newsletters",
  shipping_zone: "Shipping zones",
  shipping_box: "Boxes",
  session: "Sign-in sessions",
};

/** A plain GET form: works without JavaScript, and the URL says what is shown. */
export function ActivityFilters({ admins, types, admin, type }: { admins: Array<{ id: number; name: string }>; types: string[]; admin?: number; type?: string }) {
  return (
    <form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Filter activity">
      <div className="grid gap-1.5">
        <Label htmlFor="activity-admin">Admin</Label>
        <NativeSelect id="activity-admin" name="admin" defaultValue={admin ? String(admin) : ""}>
          <option value="">All admins</option>
          {admins.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="activity-type">Type</Label>
        <NativeSelect id="activity-type" name="type" defaultValue={type ?? ""}>
          <option value="">All types</option>
          {types.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABEL[t] ?? t}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" variant="outline">
        Filter
      </Button>
    </form>
  );
}
