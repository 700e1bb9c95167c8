import { shopSettingsSchema } from "@/lib/catalog/admin-schemas";
import { getShopSettings, updateShopSettings } from "@/lib/catalog/settings-service";
import { readJson, withAdminRoute } from "@/lib/http";

/** Admin: GET /api/admin/settings → { lowStockThreshold, timeZone }. */
export const GET = withAdminRoute(async () => getShopSettings());

/** Admin: PATCH /api/admin/settings { lowStockThreshold?, timeZone? } — audited; a bad value is a 400 naming its field. */
export const PATCH = withAdminRoute(async (req) => updateShopSettings(await readJson(req, shopSettingsSchema)));
