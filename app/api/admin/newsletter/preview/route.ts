import { readJson, withAdminRoute } from "@/lib/http";
import { campaignInputSchema, previewCampaign } from "@/lib/newsletter/campaign-service";

/** Admin: the message (HTML and text) as a subscriber gets it, for the composer's desktop and phone previews. */
export const POST = withAdminRoute(async (req) => previewCampaign(await readJson(req, campaignInputSchema)));
