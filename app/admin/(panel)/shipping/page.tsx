import type { Metadata } from "next";
import { ShippingManager } from "@/components/admin/shipping/shipping-manager";
import { requireAdminPage } from "@/lib/auth/guard";
import { getPickup, listBoxes, listZones, liveRatesAvailable } from "@/lib/shipping/service";

export const metadata: Metadata = { title: "Shipping" };

/** Admin shipping: zones and their methods, boxes, local pickup. */
export default async function ShippingPage() {
  await requireAdminPage();
  const [zones, boxes, pickup] = await Promise.all([listZones(), listBoxes(), getPickup()]);
  return <ShippingManager zones={zones} boxes={boxes} pickup={pickup} liveAvailable={liveRatesAvailable()} />;
}
