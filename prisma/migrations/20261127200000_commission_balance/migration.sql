-- A commission paid with a deposit (issue 30): the order records what is still due; the maker sends a
-- balance quote naming the order; paying it is a second card payment of the same order (OrderPayment),
-- and a refund names the payment it returns money to.

-- AlterTable
ALTER TABLE "Order" ADD COLUMN "balanceDue" DECIMAL(10,2) NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Checkout" ADD COLUMN "balanceDue" DECIMAL(10,2) NOT NULL DEFAULT 0,
ADD COLUMN "balanceOrderId" INTEGER;

-- AlterTable
ALTER TABLE "CommissionQuote" ADD COLUMN "balanceOrderId" INTEGER;

-- AlterTable
ALTER TABLE "Refund" ADD COLUMN "paymentIntentId" TEXT,
ADD COLUMN "requestAmount" DECIMAL(10,2);

-- CreateTable
CREATE TABLE "OrderPayment" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "paymentIntentId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "amount" DECIMAL(10,2) NOT NULL,
    "quoteId" INTEGER NOT NULL,
    "captured" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrderPayment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "OrderPayment_paymentIntentId_key" ON "OrderPayment"("paymentIntentId");

-- CreateIndex
CREATE UNIQUE INDEX "OrderPayment_quoteId_key" ON "OrderPayment"("quoteId");

-- CreateIndex
CREATE INDEX "OrderPayment_orderId_idx" ON "OrderPayment"("orderId");

-- CreateIndex
CREATE INDEX "Checkout_balanceOrderId_idx" ON "Checkout"("balanceOrderId");

-- CreateIndex
CREATE INDEX "CommissionQuote_balanceOrderId_idx" ON "CommissionQuote"("balanceOrderId");

-- AddForeignKey
ALTER TABLE "Checkout" ADD CONSTRAINT "Checkout_balanceOrderId_fkey" FOREIGN KEY ("balanceOrderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CommissionQuote" ADD CONSTRAINT "CommissionQuote_balanceOrderId_fkey" FOREIGN KEY ("balanceOrderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderPayment" ADD CONSTRAINT "OrderPayment_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderPayment" ADD CONSTRAINT "OrderPayment_quoteId_fkey" FOREIGN KEY ("quoteId") REFERENCES "CommissionQuote"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Money still due is never negative, nor more than the order's total; a payment takes something.
ALTER TABLE "Order" ADD CONSTRAINT "Order_balanceDue_check" CHECK ("balanceDue" >= 0 AND "balanceDue" <= "total");
ALTER TABLE "Checkout" ADD CONSTRAINT "Checkout_balanceDue_check" CHECK ("balanceDue" >= 0 AND "balanceDue" <= "total");
ALTER TABLE "OrderPayment" ADD CONSTRAINT "OrderPayment_amount_check" CHECK ("amount" > 0);
-- A quote asks for a new order's payment or for an order's balance, never both.
ALTER TABLE "CommissionQuote" ADD CONSTRAINT "CommissionQuote_balance_check" CHECK ("balanceOrderId" IS NULL OR "orderId" IS NULL);
