import { readJson, withAdminRoute } from "@/lib/http";
import { campaignInputSchema, sendTestCampaign } from "@/lib/newsletter/campaign-service";
import { recordAudit } from "@/lib/audit/service";

/** Admin: "Send a test" — the message as subscribers will get it, to the signed-in admin's own address only. */
export const POST = withAdminRoute(async (req, { admin }) => {
  const input = await readJson(req, campaignInputSchema);
  const result = await sendTestCampaign(input, admin.email);
  await recordAudit({ entityType: "campaign", entityId: null, action: "test_send", before: null, after: { subject: input.subject, to: admin.email } });
  return result;
});
