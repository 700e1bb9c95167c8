import { readQuery, withAdminRoute } from "@/lib/http";
import { subscriberQuerySchema, subscribersCsvStream } from "@/lib/newsletter/subscriber-queries";

/** Admin: GET /api/admin/newsletter/subscribers/export?q=&status= → CSV download (the orders export's escaping). */
export const GET = withAdminRoute(async (req) => {
  const query = readQuery(req, subscriberQuerySchema);
  return new Response(subscribersCsvStream(query), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="subscribers-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "no-store",
    },
  });
});
