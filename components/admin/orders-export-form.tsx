import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** "Export CSV" for a date range: a plain GET form, so the browser downloads the streamed file itself. */
export function OrdersExportForm({ from, to }: { from: string; to: string }) {
  return (
    <form method="get" action="/api/admin/orders/export" className="flex flex-wrap items-end gap-2" aria-label="Export orders as CSV">
      <div className="grid gap-1">
        <Label htmlFor="export-from" className="text-xs">
          From
        </Label>
        <Input id="export-from" name="from" type="date" defaultValue={from} required className="h-9 w-44" />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="export-to" className="text-xs">
          To
        </Label>
        <Input id="export-to" name="to" type="date" defaultValue={to} required className="h-9 w-44" />
      </div>
      <Button type="submit" variant="outline">
        <Download aria-hidden="true" />
        Export CSV
      </Button>
    </form>
  );
}
