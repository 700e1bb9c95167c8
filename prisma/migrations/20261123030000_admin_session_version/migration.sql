-- AlterTable: a session version per admin; sessions and API tokens carrying an older one are refused
ALTER TABLE "AdminUser" ADD COLUMN "sessionVersion" INTEGER NOT NULL DEFAULT 1;
