-- Discount codes (issue 31): priced on the server, one per order, claimed in the order's
-- transaction (lib/discounts/service.ts claimDiscountUse) like a one-of-a-kind piece.

-- CreateEnum
CREATE TYPE "DiscountKind" AS ENUM ('percentage', 'fixed', 'free_shipping');

-- AlterTable: what the code took off, on the checkout, the order and each order line.
ALTER TABLE "Checkout" ADD COLUMN "discountCode" TEXT,
ADD COLUMN "discount" DECIMAL(10,2) NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "discountCode" TEXT,
ADD COLUMN "discount" DECIMAL(10,2) NOT NULL DEFAULT 0;
ALTER TABLE "OrderItem" ADD COLUMN "discount" DECIMAL(10,2) NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "DiscountCode" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "kind" "DiscountKind" NOT NULL,
    "percentOff" INTEGER,
    "amountOff" DECIMAL(10,2),
    "minSubtotal" DECIMAL(10,2) NOT NULL DEFAULT 0,
    "startsAt" TIMESTAMP(3),
    "endsAt" TIMESTAMP(3),
    "usageLimit" INTEGER,
    "perEmailLimit" INTEGER,
    "uses" INTEGER NOT NULL DEFAULT 0,
    "includeUniquePieces" BOOLEAN NOT NULL DEFAULT true,
    "categoryIds" JSONB NOT NULL DEFAULT '[]',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DiscountCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DiscountRedemption" (
    "id" SERIAL NOT NULL,
    "discountCodeId" INTEGER NOT NULL,
    "orderId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "amount" DECIMAL(10,2) NOT NULL,
    "releasedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DiscountRedemption_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DiscountCode_code_key" ON "DiscountCode"("code");
CREATE UNIQUE INDEX "DiscountRedemption_orderId_key" ON "DiscountRedemption"("orderId");
CREATE UNIQUE INDEX "DiscountRedemption_orderId_discountCodeId_key" ON "DiscountRedemption"("orderId", "discountCodeId");
CREATE INDEX "DiscountRedemption_discountCodeId_email_idx" ON "DiscountRedemption"("discountCodeId", "email");

-- AddForeignKey
ALTER TABLE "DiscountRedemption" ADD CONSTRAINT "DiscountRedemption_discountCodeId_fkey" FOREIGN KEY ("discountCodeId") REFERENCES "DiscountCode"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "DiscountRedemption" ADD CONSTRAINT "DiscountRedemption_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Never over-redeemed: the conditional increment is the rule, these the net.
ALTER TABLE "DiscountCode" ADD CONSTRAINT "DiscountCode_uses_check" CHECK ("uses" >= 0 AND ("usageLimit" IS NULL OR "uses" <= "usageLimit"));
ALTER TABLE "DiscountCode" ADD CONSTRAINT "DiscountCode_kind_check" CHECK (
  ("kind" = 'percentage' AND "percentOff" BETWEEN 1 AND 100 AND "amountOff" IS NULL)
  OR ("kind" = 'fixed' AND "amountOff" > 0 AND "percentOff" IS NULL)
  OR ("kind" = 'free_shipping' AND "percentOff" IS NULL AND "amountOff" IS NULL)
);
ALTER TABLE "Order" ADD CONSTRAINT "Order_discount_check" CHECK ("discount" >= 0);
