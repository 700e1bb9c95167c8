import { readJson, withAdminRoute } from "@/lib/http";
import { insuranceSchema } from "@/lib/shipping/schemas";
import { updateInsureAbove } from "@/lib/shipping/service";

/** Admin: the value above which a label is insured for the order's goods ({ insureAbove: "250.00" }, null: never). */
export const PUT = withAdminRoute(async (req) => updateInsureAbove(await readJson(req, insuranceSchema)));
