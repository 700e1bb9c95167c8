-- Paying a commission's quote through the shop's checkout (issue 30): a checkout may pay a quote
-- (its one line is the piece, priced from the quote), the quote records the order that paid it
-- (unique: a quote is paid once), and the commission records the shopper's consent to show the
-- finished piece in the gallery; a product published from a commission names it (one piece each).

-- AlterTable
ALTER TABLE "Checkout" ADD COLUMN "quoteId" INTEGER;

-- AlterTable
ALTER TABLE "CommissionQuote" ADD COLUMN "orderId" INTEGER;

-- AlterTable
ALTER TABLE "Commission" ADD COLUMN "galleryConsent" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Product" ADD COLUMN "commissionId" INTEGER;

-- CreateIndex
CREATE INDEX "Checkout_quoteId_idx" ON "Checkout"("quoteId");

-- CreateIndex
CREATE UNIQUE INDEX "Product_commissionId_key" ON "Product"("commissionId");

-- CreateIndex
CREATE UNIQUE INDEX "CommissionQuote_orderId_key" ON "CommissionQuote"("orderId");

-- AddForeignKey
ALTER TABLE "Checkout" ADD CONSTRAINT "Checkout_quoteId_fkey" FOREIGN KEY ("quoteId") REFERENCES "CommissionQuote"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_commissionId_fkey" FOREIGN KEY ("commissionId") REFERENCES "Commission"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CommissionQuote" ADD CONSTRAINT "CommissionQuote_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A quote is paid by an order, when it was paid; an order (deleted by hand) leaves its quote paid.
ALTER TABLE "CommissionQuote" ADD CONSTRAINT "CommissionQuote_paid_check" CHECK ("orderId" IS NULL OR ("status" = 'paid' AND "paidAt" IS NOT NULL));
