-- A gift card is a product the maker sells in fixed amounts (its price); paying for one issues
-- a card per unit (lib/checkout/service.ts issueGiftCards) and emails the recipient its code.
ALTER TABLE "Product" ADD COLUMN "giftCard" BOOLEAN NOT NULL DEFAULT false;
-- Neither one of a kind nor counted: a gift card never runs out.
ALTER TABLE "Product" ADD CONSTRAINT "Product_gift_card_check" CHECK (NOT "giftCard" OR (NOT "uniqueItem" AND "stock" IS NULL));
