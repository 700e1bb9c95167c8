import { z } from "zod";
import { entityIdOrNotFound } from "@/lib/admin/ids";
import { readJson, withAdminRoute } from "@/lib/http";
import { getCampaign, kickNewsletterWorker, scheduleCampaign, startCampaign } from "@/lib/newsletter/campaign-service";

const schema = z.object({ scheduledAt: z.iso.datetime({ offset: true, message: "Choose a date and time" }).nullable().optional() }, { message: "Request body must be a JSON object" });

/**
 * Admin: POST {} sends to every confirmed subscriber now (the worker starts at once);
 * {scheduledAt} sends then; {scheduledAt: null} takes a scheduled one back to draft.
 */
export const POST = withAdminRoute<{ id: string }>(async (req, { params }) => {
  const id = entityIdOrNotFound(params.id, "Campaign not found");
  const { scheduledAt } = await readJson(req, schema);
  if (scheduledAt !== undefined) return scheduleCampaign(id, scheduledAt === null ? null : new Date(scheduledAt));
  await startCampaign(id);
  kickNewsletterWorker();
  return getCampaign(id);
});
