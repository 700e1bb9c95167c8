-- Sales tax (issue 31): TAX_MODE estimate | flat | stripe (lib/tax/). The checkout and the order
-- keep the tax priced for the shipping address, by jurisdiction; each order line its share (a line
-- refund returns it); Stripe Tax's calculation, transaction and each refund's reversal are recorded.

-- AlterTable
ALTER TABLE "Checkout" ADD COLUMN "tax" DECIMAL(10,2) NOT NULL DEFAULT 0,
ADD COLUMN "taxLines" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN "taxCalculationId" TEXT,
ADD COLUMN "taxKey" TEXT;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN "taxLines" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN "taxMode" TEXT NOT NULL DEFAULT 'estimate',
ADD COLUMN "taxCalculationId" TEXT,
ADD COLUMN "taxTransactionId" TEXT;

-- AlterTable
ALTER TABLE "OrderItem" ADD COLUMN "tax" DECIMAL(10,2) NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Refund" ADD COLUMN "taxReversalId" TEXT;
