import type { Metadata } from "next";
import { ShippingManager } from "@/components/admin/shipping/shipping-manager";
import { requireAdminPage } from "@/lib/auth/guard";
import { LabelInsuranceForm } from "@/components/admin/shipping/label-insurance-form";
import { getInsureAbove, getPickup, listBoxes, listZones, liveRatesAvailable } from "@/lib/shipping/service";
import { fromCents } from "@/lib/money";

export const metadata: Metadata = { title: "Shipping" };

/** Admin shipping: zones and their methods, boxes, local pickup, and the value above which labels are insured. */
export default async function ShippingPage() {
  await requireAdminPage();
  const [zones, boxes, pickup, insureAbove] = await Promise.all([listZones(), listBoxes(), getPickup(), getInsureAbove()]);
  return (
    <div className="flex flex-col gap-10">
      <ShippingManager zones={zones} boxes={boxes} pickup={pickup} liveAvailable={liveRatesAvailable()} />
      <LabelInsuranceForm insureAbove={insureAbove === null ? null : fromCents(insureAbove)} />
    </div>
  );
}
