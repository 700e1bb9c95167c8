-- A variant may ship in a box of its own (a larger size in a larger box); null: the product's box or dimensions.
ALTER TABLE "ProductVariant" ADD COLUMN "boxId" INTEGER;

-- CreateIndex
CREATE INDEX "ProductVariant_boxId_idx" ON "ProductVariant"("boxId");

-- AddForeignKey
ALTER TABLE "ProductVariant" ADD CONSTRAINT "ProductVariant_boxId_fkey" FOREIGN KEY ("boxId") REFERENCES "ShippingBox"("id") ON DELETE SET NULL ON UPDATE CASCADE;
