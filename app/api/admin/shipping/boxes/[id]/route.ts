import { AppError } from "@/lib/errors";
import { readJson, withAdminRoute } from "@/lib/http";
import { boxSchema } from "@/lib/shipping/schemas";
import { BOX_NOT_FOUND, deleteBox, updateBox } from "@/lib/shipping/service";

function boxId(value: string): number {
  const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new AppError("not_found", BOX_NOT_FOUND);
  return id;
}

export const PUT = withAdminRoute<{ id: string }>(async (req, { params }) => updateBox(boxId(params.id), await readJson(req, boxSchema)));

export const DELETE = withAdminRoute<{ id: string }>(async (_req, { params }) => deleteBox(boxId(params.id)));
