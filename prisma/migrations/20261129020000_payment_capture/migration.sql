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

-- A per-customer discount limit counts one customer's addresses as one (lib/discounts/rules.ts customerEmailKey):
-- uses recorded before this version are keyed the same way (lower case, no +tag, Gmail without dots).
UPDATE "DiscountRedemption" r SET "email" = CASE
    WHEN p."domain" IN ('gmail.com', 'googlemail.com') THEN replace(split_part(p."local", '+', 1), '.', '') || '@gmail.com'
    WHEN split_part(p."local", '+', 1) = '' THEN p."local" || '@' || p."domain"
    ELSE split_part(p."local", '+', 1) || '@' || p."domain"
  END
FROM (
  SELECT "id", split_part(lower(btrim("email")), '@', 1) AS "local", split_part(lower(btrim("email")), '@', 2) AS "domain"
  FROM "DiscountRedemption" WHERE position('@' in "email") > 1
) p
WHERE p."id" = r."id";
