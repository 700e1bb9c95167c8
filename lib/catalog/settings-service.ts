import "server-only";
import { auditSnapshot, recordAudit } from "@/lib/audit/service";
import type { ShopSettingsData } from "@/lib/catalog/admin-schemas";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "@/lib/catalog/stock-settings";
import { prisma } from "@/lib/db";

/**
 * The shop's own settings (one ShopSettings row, id 1), edited by the admin:
 * today the dashboard's low-stock threshold. Until the first save the
 * defaults apply (lib/catalog/stock-settings.ts). Every change is in the audit
 * log (entity "settings"), with who made it.
 */
export type ShopSettings = { lowStockThreshold: number };

export async function getShopSettings(): Promise<ShopSettings> {
  const row = await prisma.shopSettings.findUnique({ where: { id: 1 }, select: { lowStockThreshold: true } });
  return { lowStockThreshold: row?.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD };
}

/** Saves the settings given (parsed by shopSettingsSchema) and records the change in the audit log, in one transaction. */
export async function updateShopSettings(data: ShopSettingsData): Promise<ShopSettings> {
  return prisma.$transaction(async (tx) => {
    // The row locked (or created) first, so two saves at once are audited in the order they are written.
    await tx.$executeRaw`INSERT INTO "ShopSettings" ("id", "updatedAt") VALUES (1, CURRENT_TIMESTAMP) ON CONFLICT ("id") DO NOTHING`;
    const read = () => tx.shopSettings.findUniqueOrThrow({ where: { id: 1 }, select: { lowStockThreshold: true } });
    const [current] = await tx.$queryRaw<Array<{ lowStockThreshold: number }>>`SELECT "lowStockThreshold" FROM "ShopSettings" WHERE "id" = 1 FOR UPDATE`;
    const before = await auditSnapshot(async () => ({ lowStockThreshold: current.lowStockThreshold }));
    await tx.shopSettings.update({ where: { id: 1 }, data: { lowStockThreshold: data.lowStockThreshold } });
    const after = await read();
    await recordAudit({ entityType: "settings", entityId: "shop", action: "update", before, after: await auditSnapshot(async () => after) }, tx);
    return { lowStockThreshold: after.lowStockThreshold };
  });
}
