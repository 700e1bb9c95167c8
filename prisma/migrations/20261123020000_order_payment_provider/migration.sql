-- AlterTable
ALTER TABLE "Order" ADD COLUMN "paymentProvider" TEXT NOT NULL DEFAULT 'stripe';

-- Orders placed so far: the provider their checkout used.
UPDATE "Order" o SET "paymentProvider" = c."provider" FROM "Checkout" c WHERE c."orderId" = o."id";
