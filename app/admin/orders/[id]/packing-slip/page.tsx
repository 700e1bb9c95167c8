import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PackingSlip } from "@/components/admin/packing-slip";
import { requireAdminPage } from "@/lib/auth/guard";
import { getShopTimeZone } from "@/lib/catalog/settings-service";
import { isAppError } from "@/lib/errors";
import { getOrder } from "@/lib/orders/admin-service";

export const metadata: Metadata = { title: "Packing slip" };

/** A print-friendly packing slip (no admin shell): shop address, ship-to, items and quantities, no prices. */
export default async function PackingSlipPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdminPage();
  const { id } = await params;
  const order = await getOrder(id).catch((error) => {
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  });
  return <PackingSlip order={order} timeZone={await getShopTimeZone()} />;
}
