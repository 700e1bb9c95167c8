import { readQuery, withAdminRoute } from "@/lib/http";
import { orderExportQuerySchema, ordersCsvFilename, ordersCsvStream } from "@/lib/orders/export-queries";

/** Admin: GET /api/admin/orders/export?from=YYYY-MM-DD&to=YYYY-MM-DD → CSV download, streamed in batches. */
export const GET = withAdminRoute(async (req) => {
  const query = readQuery(req, orderExportQuerySchema);
  return new Response(ordersCsvStream(query), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${ordersCsvFilename(query)}"`,
      "cache-control": "no-store",
    },
  });
});
