/** Liveness probe and the benchmark's baseline: no database, no rendering. */
export function GET() {
  return Response.json({ ok: true });
}
