-- Three kinds of product (issue 29): one-of-a-kind ("uniqueItem", unchanged), in stock
-- with a count ("stock" not null), and made to order (neither) with a lead time in
-- working days; a made-to-order product without its own lead time ships in the
-- shop's default one (lib/catalog/stock.ts DEFAULT_LEAD_TIME_DAYS).
ALTER TABLE "Product" ADD COLUMN "stock" INTEGER;
ALTER TABLE "Product" ADD COLUMN "leadTimeMinDays" INTEGER;
ALTER TABLE "Product" ADD COLUMN "leadTimeMaxDays" INTEGER;
ALTER TABLE "Product" ADD COLUMN "allowBackorder" BOOLEAN NOT NULL DEFAULT false;

-- No backfill: existing products keep their behaviour. A one-of-a-kind piece stays
-- one; every other product was sold in unlimited numbers, so with no count it is
-- made to order, shipping in the shop's default lead time.

-- Stock never goes below zero: checkout's conditional decrement is the rule, this the net.
ALTER TABLE "Product" ADD CONSTRAINT "Product_stock_check" CHECK ("stock" IS NULL OR "stock" >= 0);
-- A one-of-a-kind piece has no count.
ALTER TABLE "Product" ADD CONSTRAINT "Product_stock_kind_check" CHECK ("stock" IS NULL OR NOT "uniqueItem");
-- A lead time is a range of working days: both ends or neither, 1 <= min <= max <= 365.
ALTER TABLE "Product" ADD CONSTRAINT "Product_lead_time_check" CHECK (
  ("leadTimeMinDays" IS NULL AND "leadTimeMaxDays" IS NULL)
  OR ("leadTimeMinDays" >= 1 AND "leadTimeMaxDays" >= "leadTimeMinDays" AND "leadTimeMaxDays" <= 365)
);
-- Only a counted product can be on backorder.
ALTER TABLE "Product" ADD CONSTRAINT "Product_backorder_check" CHECK (NOT "allowBackorder" OR "stock" IS NOT NULL);

-- What each order line was promised at checkout, for the confirmation email and the order-status page.
ALTER TABLE "OrderItem" ADD COLUMN "ships" TEXT;
ALTER TABLE "OrderItem" ADD COLUMN "shipsMinDays" INTEGER;
ALTER TABLE "OrderItem" ADD COLUMN "shipsMaxDays" INTEGER;
