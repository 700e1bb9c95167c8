import type { Metadata } from "next";
import Link from "next/link";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { NewsletterComposer } from "@/components/admin/newsletter-composer";
import { CampaignList } from "@/components/admin/newsletter-campaigns";
import { requireAdminPage } from "@/lib/auth/guard";
import { confirmedSubscriberCount, listCampaigns, productChoices } from "@/lib/newsletter/campaign-service";
import { countOf } from "@/lib/admin/wording";

export const metadata: Metadata = { title: "Newsletter" };

/** Compose (Markdown, a grid of products, a "New pieces" draft), preview at desktop and phone width, test, send or schedule; each newsletter's progress and complaint rate. */
export default async function AdminNewsletterPage() {
  const admin = await requireAdminPage();
  const [campaigns, products, confirmed] = await Promise.all([listCampaigns(), productChoices(), confirmedSubscriberCount()]);
  return (
    <>
      <AdminPageHeader
        title="Newsletter"
        description={`Write to the ${countOf(confirmed, "confirmed subscriber")}. Every newsletter carries a one-click unsubscribe.`}
        actions={
          <Link href="/admin/newsletter/subscribers" className="btn btn-outline btn-md">
            Subscribers
          </Link>
        }
      />
      <NewsletterComposer products={products} adminEmail={admin.email} confirmed={confirmed} />
      <CampaignList initial={campaigns} />
    </>
  );
}
