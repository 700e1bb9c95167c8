import { checkReadiness } from "@/lib/maintenance/readiness-queries";

/**
 * Readiness probe for load balancers: 200 when the database (and Redis, when
 * REDIS_URL is set) answers, else 503 — this instance should get no traffic
 * until it does. `GET /api/health` stays the liveness probe.
 */
export const dynamic = "force-dynamic";

export async function GET() {
  const result = await checkReadiness();
  return Response.json(result, { status: result.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
