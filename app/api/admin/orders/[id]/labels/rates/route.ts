import { readJson, withAdminRoute } from "@/lib/http";
import { quoteLabel } from "@/lib/orders/label-service";
import { labelParcelSchema } from "@/lib/shipping/schemas";

/** Admin: the carrier's rates for the order's parcel ({ boxId, weightGrams } or the parcel's own sides). */
export const POST = withAdminRoute<{ id: string }>(async (req, { params }) => quoteLabel(params.id, await readJson(req, labelParcelSchema)));
