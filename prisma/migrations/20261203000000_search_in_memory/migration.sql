-- Search runs in memory (lib/search/catalog-index.ts, docs/decisions/0018-search-in-memory.md):
-- the weighted full-text vector, the triggers that kept it and its GIN index are no longer read.
-- Dropped so that no product or category write keeps them up to date.

-- DropTrigger
DROP TRIGGER "Category_searchVector_refresh" ON "Category";
DROP TRIGGER "Product_searchVector_refresh" ON "Product";

-- DropFunction
DROP FUNCTION "category_search_vector_refresh"();
DROP FUNCTION "product_search_vector_refresh"();
DROP FUNCTION "product_search_vector"(TEXT, TEXT, TEXT, TEXT);

-- DropIndex
DROP INDEX "Product_searchVector_idx";

-- AlterTable
ALTER TABLE "Product" DROP COLUMN "searchVector";
