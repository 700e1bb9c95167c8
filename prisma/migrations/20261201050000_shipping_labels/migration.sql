-- Labels bought through the carrier from the order screen, their tracking, and the value above
-- which a label is insured.

-- AlterTable
ALTER TABLE "ShopSettings" ADD COLUMN "insureAbove" DECIMAL(10,2);

-- CreateEnum
CREATE TYPE "ShippingLabelStatus" AS ENUM ('purchased', 'voided');

-- CreateTable
CREATE TABLE "ShippingLabel" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "status" "ShippingLabelStatus" NOT NULL DEFAULT 'purchased',
    "shipmentId" TEXT NOT NULL,
    "rateId" TEXT NOT NULL,
    "carrier" TEXT NOT NULL,
    "service" TEXT NOT NULL,
    "trackingNumber" TEXT NOT NULL,
    "trackerId" TEXT,
    "trackerUrl" TEXT,
    "rate" DECIMAL(10,2) NOT NULL,
    "insuranceFee" DECIMAL(10,2) NOT NULL DEFAULT 0,
    "cost" DECIMAL(10,2) NOT NULL,
    "insuredValue" DECIMAL(10,2),
    "boxName" TEXT,
    "weightGrams" INTEGER NOT NULL,
    "lengthMm" INTEGER,
    "widthMm" INTEGER,
    "heightMm" INTEGER,
    "labelUrl" TEXT NOT NULL,
    "labelFile" TEXT,
    "trackingStatus" TEXT,
    "trackingDetail" TEXT,
    "trackingAt" TIMESTAMP(3),
    "refundStatus" TEXT,
    "voidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShippingLabel_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ShippingLabel_amounts_check" CHECK ("rate" >= 0 AND "insuranceFee" >= 0 AND "cost" = "rate" + "insuranceFee"),
    CONSTRAINT "ShippingLabel_weight_check" CHECK ("weightGrams" BETWEEN 1 AND 1000000)
);

-- CreateIndex
CREATE UNIQUE INDEX "ShippingLabel_shipmentId_key" ON "ShippingLabel"("shipmentId");

-- CreateIndex
CREATE INDEX "ShippingLabel_orderId_idx" ON "ShippingLabel"("orderId");

-- CreateIndex
CREATE INDEX "ShippingLabel_trackerId_idx" ON "ShippingLabel"("trackerId");

-- CreateIndex
CREATE INDEX "ShippingLabel_trackingNumber_idx" ON "ShippingLabel"("trackingNumber");

-- One label in use per order: a second buy (two clicks, two tabs) is refused by the database.
CREATE UNIQUE INDEX "ShippingLabel_orderId_purchased_key" ON "ShippingLabel"("orderId") WHERE "status" = 'purchased';

-- AddForeignKey
ALTER TABLE "ShippingLabel" ADD CONSTRAINT "ShippingLabel_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
