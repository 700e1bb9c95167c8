import { readJson, withAdminRoute } from "@/lib/http";
import { parseOrThrow } from "@/lib/validation";
import { z } from "@/lib/zod";
import { zoneSchema } from "@/lib/shipping/schemas";
import { updateZone } from "@/lib/shipping/service";

const body = z.record(z.string(), z.unknown(), { message: "Request body must be a JSON object" });

/** Admin: one zone's method; the zone is the path's (an unknown one is a 400 naming the zones). */
export const PUT = withAdminRoute<{ code: string }>(async (req, { params }) => updateZone(parseOrThrow(zoneSchema, { ...(await readJson(req, body)), code: params.code })));
