import { AppError } from "@/lib/errors";
import { withAdminRoute } from "@/lib/http";
import { voidLabel } from "@/lib/orders/label-service";

/** Admin: voids a label (the carrier refunds it). */
export const POST = withAdminRoute<{ id: string; labelId: string }>(async (_req, { params }) => {
  const labelId = /^\d{1,10}$/.test(params.labelId) ? Number(params.labelId) : NaN;
  if (!Number.isSafeInteger(labelId) || labelId < 1 || labelId > 2_147_483_647) throw new AppError("not_found", "Label not found");
  return voidLabel(params.id, labelId);
});
