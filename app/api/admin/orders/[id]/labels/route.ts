import { readJson, withAdminRoute } from "@/lib/http";
import { buyLabel, getLabelDraft } from "@/lib/orders/label-service";
import { labelBuySchema } from "@/lib/shipping/schemas";

/** Admin: the order's label panel (boxes, the parcel pre-filled, insurance, labels so far). */
export const GET = withAdminRoute<{ id: string }>(async (_req, { params }) => getLabelDraft(params.id));

/** Admin: buys the rate a token from …/labels/rates names; the order is marked shipped and the shopper emailed. */
export const POST = withAdminRoute<{ id: string }>(async (req, { params }) => buyLabel(params.id, (await readJson(req, labelBuySchema)).token));
