import { readJson, withAdminRoute } from "@/lib/http";
import { campaignInputSchema, createCampaign, listCampaigns } from "@/lib/newsletter/campaign-service";

/** Admin: the newsletters (newest first, each with sent / total / failed and its complaint rate); POST saves a draft. */
export const GET = withAdminRoute(async () => ({ campaigns: await listCampaigns() }));
export const POST = withAdminRoute(async (req) => Response.json(await createCampaign(await readJson(req, campaignInputSchema)), { status: 201 }));
