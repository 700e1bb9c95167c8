-- Issue 53: an order that moved money is archived, not deleted (kept for the books, out of the lists);
-- a refund carries the maker's internal note (never emailed to the shopper).

-- AlterTable
ALTER TABLE "Order" ADD COLUMN "archivedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Refund" ADD COLUMN "internalNote" TEXT;
