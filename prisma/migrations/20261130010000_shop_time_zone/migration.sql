-- AlterTable
ALTER TABLE "ShopSettings" ADD COLUMN     "timeZone" TEXT NOT NULL DEFAULT 'America/New_York';
