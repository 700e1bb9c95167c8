-- AlterTable: the order that holds a sold one-of-a-kind piece. Only that order
-- can put the piece back on sale, and re-opening a cancelled order re-claims it.
ALTER TABLE "Product" ADD COLUMN "soldOrderId" INTEGER;

-- Backfill: a sold piece is held by the newest order that contains it and has
-- not let it go, a live order before a cancelled one (a cancelled order that did
-- not put it back on sale still holds it). An order whose timeline says it put
-- the piece back on sale holds it no longer; a piece sold again by hand after
-- that, or marked sold with no order, stays unheld.
UPDATE "Product" p SET "soldOrderId" = (
  SELECT oi."orderId"
  FROM "OrderItem" oi
  JOIN "Order" o ON o."id" = oi."orderId"
  WHERE oi."productId" = p."id"
    AND NOT EXISTS (
      SELECT 1 FROM "OrderEvent" e
      WHERE e."orderId" = o."id" AND e."type" = 'put_back_on_sale' AND (e."detail"->'products') ? p."name"
    )
  ORDER BY (o."status" = 'cancelled') ASC, o."createdAt" DESC, o."id" DESC
  LIMIT 1
)
WHERE p."uniqueItem" AND p."sold";

-- CreateIndex
CREATE INDEX "Product_soldOrderId_idx" ON "Product"("soldOrderId");

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_soldOrderId_fkey" FOREIGN KEY ("soldOrderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A piece is held only while it is sold.
ALTER TABLE "Product" ADD CONSTRAINT "Product_soldOrderId_sold_check" CHECK ("soldOrderId" IS NULL OR "sold");

-- AlterTable: what a refund request asked for (hashed), so a client's idempotency
-- key sent again with a different request is refused rather than replayed.
ALTER TABLE "Refund" ADD COLUMN "fingerprint" TEXT;
