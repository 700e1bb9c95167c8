import { entityIdOrNotFound } from "@/lib/admin/ids";
import { readJson, withAdminRoute } from "@/lib/http";
import { campaignInputSchema, getCampaign, updateCampaign } from "@/lib/newsletter/campaign-service";

const NOT_FOUND = "Campaign not found";

/** Admin: one newsletter with its progress; PUT changes a draft (or a scheduled one not yet started). */
export const GET = withAdminRoute<{ id: string }>(async (_req, { params }) => getCampaign(entityIdOrNotFound(params.id, NOT_FOUND)));
export const PUT = withAdminRoute<{ id: string }>(async (req, { params }) => updateCampaign(entityIdOrNotFound(params.id, NOT_FOUND), await readJson(req, campaignInputSchema)));
