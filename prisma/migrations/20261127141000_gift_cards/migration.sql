-- Gift cards (issue 31): an exact balance, never below zero, every change a ledger row;
-- redeemed in the order's transaction (lib/gift-cards/service.ts) like a discount code's use.

-- AlterTable
ALTER TABLE "Order" ADD COLUMN "giftCardAmount" DECIMAL(10,2) NOT NULL DEFAULT 0;
ALTER TABLE "Refund" ADD COLUMN "giftCardAmount" DECIMAL(10,2) NOT NULL DEFAULT 0;
ALTER TABLE "Checkout" ADD COLUMN "giftCards" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN "giftCardAmount" DECIMAL(10,2) NOT NULL DEFAULT 0,
ADD COLUMN "secretHash" TEXT;

-- CreateTable
CREATE TABLE "GiftCard" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "initialAmount" DECIMAL(10,2) NOT NULL,
    "balance" DECIMAL(10,2) NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "recipientEmail" TEXT,
    "orderId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GiftCard_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GiftCardMovement" (
    "id" SERIAL NOT NULL,
    "giftCardId" INTEGER NOT NULL,
    "orderId" INTEGER,
    "kind" TEXT NOT NULL,
    "amount" DECIMAL(10,2) NOT NULL,
    "balanceAfter" DECIMAL(10,2) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GiftCardMovement_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "GiftCard_code_key" ON "GiftCard"("code");
CREATE INDEX "GiftCardMovement_giftCardId_createdAt_idx" ON "GiftCardMovement"("giftCardId", "createdAt");
CREATE INDEX "GiftCardMovement_orderId_idx" ON "GiftCardMovement"("orderId");

-- AddForeignKey
ALTER TABLE "GiftCardMovement" ADD CONSTRAINT "GiftCardMovement_giftCardId_fkey" FOREIGN KEY ("giftCardId") REFERENCES "GiftCard"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "GiftCardMovement" ADD CONSTRAINT "GiftCardMovement_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The balance is exact and never negative: the conditional decrement is the rule, these the net.
ALTER TABLE "GiftCard" ADD CONSTRAINT "GiftCard_balance_check" CHECK ("balance" >= 0 AND "balance" <= "initialAmount");
ALTER TABLE "GiftCard" ADD CONSTRAINT "GiftCard_initial_check" CHECK ("initialAmount" > 0);
ALTER TABLE "GiftCardMovement" ADD CONSTRAINT "GiftCardMovement_balance_check" CHECK ("balanceAfter" >= 0 AND "amount" <> 0);
ALTER TABLE "Order" ADD CONSTRAINT "Order_gift_card_amount_check" CHECK ("giftCardAmount" >= 0 AND "giftCardAmount" <= "total");
