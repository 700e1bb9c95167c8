-- Issue 44: what a piece weighs and measures (or the box it ships in), the maker's boxes,
-- shipping zones and their methods, local pickup, an oversize piece's freight.

-- CreateEnum
CREATE TYPE "ShippingMethod" AS ENUM ('flat', 'table');

-- CreateTable
CREATE TABLE "ShippingBox" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "innerLengthMm" INTEGER NOT NULL,
    "innerWidthMm" INTEGER NOT NULL,
    "innerHeightMm" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShippingBox_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ShippingBox_dimensions_check" CHECK ("innerLengthMm" BETWEEN 1 AND 5000 AND "innerWidthMm" BETWEEN 1 AND 5000 AND "innerHeightMm" BETWEEN 1 AND 5000)
);

-- CreateIndex
CREATE UNIQUE INDEX "ShippingBox_name_key" ON "ShippingBox"("name");

-- CreateTable
CREATE TABLE "ShippingZone" (
    "code" TEXT NOT NULL,
    "ships" BOOLEAN NOT NULL DEFAULT true,
    "method" "ShippingMethod" NOT NULL DEFAULT 'flat',
    "flatRate" DECIMAL(10,2) NOT NULL DEFAULT 15.99,
    "freeOver" DECIMAL(10,2),
    "rateTable" JSONB NOT NULL DEFAULT '[]',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShippingZone_pkey" PRIMARY KEY ("code"),
    CONSTRAINT "ShippingZone_amounts_check" CHECK ("flatRate" >= 0 AND ("freeOver" IS NULL OR "freeOver" >= 0))
);

-- AlterTable
ALTER TABLE "Product" ADD COLUMN "weightGrams" INTEGER,
ADD COLUMN "lengthMm" INTEGER,
ADD COLUMN "widthMm" INTEGER,
ADD COLUMN "heightMm" INTEGER,
ADD COLUMN "boxId" INTEGER,
ADD COLUMN "freightPrice" DECIMAL(10,2),
ADD COLUMN "contactForDelivery" BOOLEAN NOT NULL DEFAULT false,
ADD CONSTRAINT "Product_weight_check" CHECK ("weightGrams" IS NULL OR "weightGrams" BETWEEN 1 AND 1000000),
ADD CONSTRAINT "Product_dimensions_check" CHECK (
    ("lengthMm" IS NULL AND "widthMm" IS NULL AND "heightMm" IS NULL)
    OR ("lengthMm" BETWEEN 1 AND 5000 AND "widthMm" BETWEEN 1 AND 5000 AND "heightMm" BETWEEN 1 AND 5000)
),
ADD CONSTRAINT "Product_freight_check" CHECK ("freightPrice" IS NULL OR "freightPrice" >= 0),
ADD CONSTRAINT "Product_gift_card_package_check" CHECK (NOT "giftCard" OR ("weightGrams" IS NULL AND "lengthMm" IS NULL AND "boxId" IS NULL AND "freightPrice" IS NULL AND NOT "contactForDelivery"));

-- AlterTable
ALTER TABLE "ProductVariant" ADD COLUMN "weightGrams" INTEGER,
ADD CONSTRAINT "ProductVariant_weight_check" CHECK ("weightGrams" IS NULL OR "weightGrams" BETWEEN 1 AND 1000000);

-- AlterTable
ALTER TABLE "ShopSettings" ADD COLUMN "pickupEnabled" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "pickupAddress" TEXT,
ADD COLUMN "pickupHours" TEXT;

-- AlterTable
ALTER TABLE "Checkout" ADD COLUMN "shippingService" TEXT;

-- CreateIndex
CREATE INDEX "Product_boxId_idx" ON "Product"("boxId");

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_boxId_fkey" FOREIGN KEY ("boxId") REFERENCES "ShippingBox"("id") ON DELETE SET NULL ON UPDATE CASCADE;
