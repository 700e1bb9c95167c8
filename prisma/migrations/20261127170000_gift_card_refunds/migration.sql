-- Refunding an order that bought gift cards (issue 31): a card is refunded for what is still on
-- it, and the refund takes that balance off the card (lib/gift-cards/service.ts voidBoughtCards);
-- what its recipient already spent is not refunded. Each card knows the order line it was
-- bought with, so a line refund finds its cards.

-- AlterTable
ALTER TABLE "GiftCard" ADD COLUMN "orderItemId" INTEGER,
ADD COLUMN "refundId" INTEGER,
ADD COLUMN "refundedAmount" DECIMAL(10,2) NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "GiftCard_orderId_idx" ON "GiftCard"("orderId");

-- A card whose order was deleted before this key existed keeps no dangling id.
UPDATE "GiftCard" AS g SET "orderId" = NULL WHERE g."orderId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "Order" AS o WHERE o."id" = g."orderId");

-- AddForeignKey (a card outlives the order that bought it, as its movements do)
ALTER TABLE "GiftCard" ADD CONSTRAINT "GiftCard_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Cards bought before this migration: the order's line at the card's amount, a gift card's first
-- (its product may since have changed kind, or been deleted).
UPDATE "GiftCard" AS g SET "orderItemId" = (
  SELECT i."id" FROM "OrderItem" AS i LEFT JOIN "Product" AS p ON p."id" = i."productId"
  WHERE i."orderId" = g."orderId" AND i."price" = g."initialAmount"
  ORDER BY (p."giftCard" IS TRUE) DESC, i."id" LIMIT 1
) WHERE g."orderId" IS NOT NULL;

-- A refunded card returned at most what it was issued for; a live card returned nothing.
ALTER TABLE "GiftCard" ADD CONSTRAINT "GiftCard_refunded_check" CHECK ("refundedAmount" >= 0 AND "refundedAmount" <= "initialAmount" AND ("refundId" IS NOT NULL OR "refundedAmount" = 0));
