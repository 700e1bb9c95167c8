import { stockCsv } from "@/lib/catalog/stock-queries";
import { withAdminRoute } from "@/lib/http";

/** Admin: GET /api/admin/stock/export → every product's kind, count and lead time as a CSV download. */
export const GET = withAdminRoute(async () => {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(await stockCsv(), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="stock-${day}.csv"`,
      "cache-control": "no-store",
    },
  });
});
