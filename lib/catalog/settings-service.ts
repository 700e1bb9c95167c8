import "server-only";
import { auditSnapshot, recordAudit } from "@/lib/audit/service";
import type { ShopSettingsData } from "@/lib/catalog/admin-schemas";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "@/lib/inventory/stock-settings";
import { DEFAULT_SHOP_TIME_ZONE, isTimeZone } from "@/lib/catalog/time-zone";
import { prisma } from "@/lib/db";

/**
 * The shop's own settings (one ShopSettings row, id 1), edited by the admin:
 * the dashboard's low-stock threshold and the shop's time zone. Until the first save the
 * defaults apply (lib/inventory/stock-settings.ts, lib/catalog/time-zone.ts). Every change is in the audit
 * log (entity "settings"), with who made it.
 */
export type ShopSettings = { lowStockThreshold: number; timeZone: string };

const SELECT = { lowStockThreshold: true, timeZone: true } as const;

export async function getShopSettings(): Promise<ShopSettings> {
  const row = await prisma.shopSettings.findUnique({ where: { id: 1 }, select: SELECT });
  return {
    lowStockThreshold: row?.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
    // A name this runtime's Intl no longer knows falls back rather than failing every admin page.
    timeZone: row && isTimeZone(row.timeZone) ? row.timeZone : DEFAULT_SHOP_TIME_ZONE,
  };
}

/** The shop's time zone (lib/catalog/time-zone.ts): the one place it is read. */
export async function getShopTimeZone(): Promise<string> {
  return (await getShopSettings()).timeZone;
}

/** Saves the settings given (parsed by shopSettingsSchema) and records the change in the audit log, in one transaction. */
export async function updateShopSettings(data: ShopSettingsData): Promise<ShopSettings> {
  return prisma.$transaction(async (tx) => {
    // The row locked (or created) first, so two saves at once are audited in the order they are written.
    await tx.$executeRaw`INSERT INTO "ShopSettings" ("id", "updatedAt") VALUES (1, CURRENT_TIMESTAMP) ON CONFLICT ("id") DO NOTHING`;
    const read = () => tx.shopSettings.findUniqueOrThrow({ where: { id: 1 }, select: SELECT });
    const [current] = await tx.$queryRaw<Array<{ lowStockThreshold: number; timeZone: string }>>`SELECT "lowStockThreshold", "timeZone" FROM "ShopSettings" WHERE "id" = 1 FOR UPDATE`;
    const before = await auditSnapshot(async () => ({ lowStockThreshold: current.lowStockThreshold, timeZone: current.timeZone }));
    // Only the fields given: the threshold form and the time zone form each save their own.
    await tx.shopSettings.update({ where: { id: 1 }, data: { lowStockThreshold: data.lowStockThreshold, timeZone: data.timeZone } });
    const after = await read();
    await recordAudit({ entityType: "settings", entityId: "shop", action: "update", before, after: await auditSnapshot(async () => after) }, tx);
    return { lowStockThreshold: after.lowStockThreshold, timeZone: after.timeZone };
  });
}
