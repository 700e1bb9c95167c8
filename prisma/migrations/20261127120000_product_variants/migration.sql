-- Variants (issue 29): a product may be chosen by up to three options (Size: 6 mm, 8 mm, 10 mm),
-- each combination a variant with its own SKU, price, stock or lead time, backorder switch and
-- image. A cart line and an order line name the variant they are for.
--
-- Existing products keep their behaviour: they get no options ('[]') and no variants, so they
-- are sold, counted, priced and shown exactly as before; existing cart lines and order lines
-- name no variant (NULL).

-- What a product with variants is chosen by; '[]' for every product without (all existing ones).
ALTER TABLE "Product" ADD COLUMN "options" JSONB NOT NULL DEFAULT '[]';
ALTER TABLE "Product" ADD CONSTRAINT "Product_options_check" CHECK (jsonb_typeof("options") = 'array');

-- CreateTable
CREATE TABLE "ProductVariant" (
    "id" SERIAL NOT NULL,
    "productId" INTEGER NOT NULL,
    "sku" TEXT NOT NULL,
    "optionValues" JSONB NOT NULL,
    "price" DECIMAL(10,2) NOT NULL,
    "stock" INTEGER,
    "leadTimeMinDays" INTEGER,
    "leadTimeMaxDays" INTEGER,
    "allowBackorder" BOOLEAN NOT NULL DEFAULT false,
    "image" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProductVariant_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ProductVariant_sku_key" ON "ProductVariant"("sku");

-- CreateIndex
CREATE INDEX "ProductVariant_productId_position_idx" ON "ProductVariant"("productId", "position");

-- AddForeignKey
ALTER TABLE "ProductVariant" ADD CONSTRAINT "ProductVariant_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The same rules as a product's own count and lead time (migration 20261127110000_stock_and_lead_times):
-- checkout's conditional decrement keeps a count at 0 or more, this is the net.
ALTER TABLE "ProductVariant" ADD CONSTRAINT "ProductVariant_stock_check" CHECK ("stock" IS NULL OR "stock" >= 0);
ALTER TABLE "ProductVariant" ADD CONSTRAINT "ProductVariant_lead_time_check" CHECK (
  ("leadTimeMinDays" IS NULL AND "leadTimeMaxDays" IS NULL)
  OR ("leadTimeMinDays" >= 1 AND "leadTimeMaxDays" >= "leadTimeMinDays" AND "leadTimeMaxDays" <= 365)
);
ALTER TABLE "ProductVariant" ADD CONSTRAINT "ProductVariant_backorder_check" CHECK (NOT "allowBackorder" OR "stock" IS NOT NULL);
ALTER TABLE "ProductVariant" ADD CONSTRAINT "ProductVariant_price_check" CHECK ("price" > 0);
ALTER TABLE "ProductVariant" ADD CONSTRAINT "ProductVariant_option_values_check" CHECK (jsonb_typeof("optionValues") = 'array');

-- A cart line is per product, or per product and variant.
ALTER TABLE "CartItem" ADD COLUMN "variantId" INTEGER;
DROP INDEX "CartItem_sessionId_productId_key";
CREATE UNIQUE INDEX "CartItem_sessionId_productId_variantId_key" ON "CartItem"("sessionId", "productId", "variantId");
-- NULLs are distinct in a unique index: this keeps one line per product without a variant
-- (two requests racing to add the same one-of-a-kind piece: the second insert fails).
CREATE UNIQUE INDEX "CartItem_sessionId_productId_plain_key" ON "CartItem"("sessionId", "productId") WHERE "variantId" IS NULL;
ALTER TABLE "CartItem" ADD CONSTRAINT "CartItem_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "ProductVariant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An order line keeps the variant bought and a snapshot of its SKU and label.
ALTER TABLE "OrderItem" ADD COLUMN "variantId" INTEGER;
ALTER TABLE "OrderItem" ADD COLUMN "variantSku" TEXT;
ALTER TABLE "OrderItem" ADD COLUMN "variantLabel" TEXT;
CREATE INDEX "OrderItem_variantId_idx" ON "OrderItem"("variantId");
ALTER TABLE "OrderItem" ADD CONSTRAINT "OrderItem_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "ProductVariant"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The shop's own settings (one row, id 1; absent until the admin first saves: the defaults apply).
CREATE TABLE "ShopSettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "lowStockThreshold" INTEGER NOT NULL DEFAULT 3,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShopSettings_pkey" PRIMARY KEY ("id")
);
ALTER TABLE "ShopSettings" ADD CONSTRAINT "ShopSettings_single_row_check" CHECK ("id" = 1);
ALTER TABLE "ShopSettings" ADD CONSTRAINT "ShopSettings_low_stock_threshold_check" CHECK ("lowStockThreshold" BETWEEN 0 AND 1000000);
