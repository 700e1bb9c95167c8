-- Every payment ends in a known state (issue 53): an order records whether its first card payment was
-- captured, is not known yet (reconciled with the provider at once and hourly), or failed (released);
-- a commission whose deposit order was refunded in full says so.

-- CreateEnum
CREATE TYPE "PaymentCapture" AS ENUM ('captured', 'unknown', 'failed');

-- AlterEnum
ALTER TYPE "CommissionStatus" ADD VALUE 'refunded';

-- AlterTable
ALTER TABLE "Order" ADD COLUMN "capture" "PaymentCapture" NOT NULL DEFAULT 'captured';

-- Orders left pending by a failed capture before this version: their outcome is checked by the hourly upkeep.
UPDATE "Order" o SET "capture" = 'unknown'
WHERE o."status" = 'pending'
  AND EXISTS (SELECT 1 FROM "OrderEvent" e WHERE e."orderId" = o."id" AND e."type" = 'payment_pending' AND e."detail"->>'reason' = 'capture failed')
  AND NOT EXISTS (SELECT 1 FROM "OrderEvent" e WHERE e."orderId" = o."id" AND e."type" = 'paid');
