import { readJson, withAdminRoute } from "@/lib/http";
import { pickupSchema } from "@/lib/shipping/schemas";
import { updatePickup } from "@/lib/shipping/service";

/** Admin: local pickup at the workshop (free), with its address and hours. */
export const PUT = withAdminRoute(async (req) => updatePickup(await readJson(req, pickupSchema)));
