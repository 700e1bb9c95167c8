"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { adminAction } from "@/lib/actions";
import { boxSchema, insuranceSchema, pickupSchema, zoneSchema } from "@/lib/shipping/schemas";
import { createBox, deleteBox, updateInsureAbove, updatePickup, updateZone } from "@/lib/shipping/service";

/** The Shipping screen's actions: the same schemas and service calls as /api/admin/shipping/…, each audited by the service. */

const refresh = () => {
  revalidatePath("/admin/shipping");
  revalidatePath("/admin/products");
};

const updateZoneRun = adminAction(zoneSchema, async (data) => {
  const zone = await updateZone(data);
  refresh();
  return zone;
});
const createBoxRun = adminAction(boxSchema, async (data) => {
  const box = await createBox(data);
  refresh();
  return box;
});
const deleteBoxRun = adminAction(z.object({ id: z.coerce.number({ message: "Box not found" }).int().positive("Box not found") }), async ({ id }) => {
  const result = await deleteBox(id);
  refresh();
  return result;
});
const updatePickupRun = adminAction(pickupSchema, async (data) => {
  const pickup = await updatePickup(data);
  refresh();
  return pickup;
});

export async function updateZoneAction(input: unknown) {
  return updateZoneRun(input);
}
export async function createBoxAction(input: unknown) {
  return createBoxRun(input);
}
export async function deleteBoxAction(input: { id: number }) {
  return deleteBoxRun(input);
}
export async function updatePickupAction(input: unknown) {
  return updatePickupRun(input);
}
const updateInsuranceRun = adminAction(insuranceSchema, async (data) => {
  const result = await updateInsureAbove(data);
  refresh();
  return result;
});
export async function updateInsuranceAction(input: unknown) {
  return updateInsuranceRun(input);
}
