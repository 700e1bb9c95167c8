import { withAdminRoute } from "@/lib/http";
import { getPickup, listZones } from "@/lib/shipping/service";

/** Admin: every shipping zone's method (a zone never edited shows its default) and local pickup. */
export const GET = withAdminRoute(async () => ({ zones: await listZones(), pickup: await getPickup() }));
