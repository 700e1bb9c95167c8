-- Search (issue 8): one weighted full-text vector per product, English stemming.
-- Weights: name A; category name and short description B; description C.
-- Kept up to date by triggers (the category name lives in another table, so a
-- generated column cannot hold it), searched through a GIN index.

-- AlterTable
ALTER TABLE "Product" ADD COLUMN "searchVector" tsvector;

-- The vector of one product, from its texts and its category's name.
CREATE FUNCTION "product_search_vector"(name TEXT, category TEXT, short_description TEXT, description TEXT)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(category, '') || ' ' || coalesce(short_description, '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
$$;

-- A product's vector follows its own texts and its category.
CREATE FUNCTION "product_search_vector_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."searchVector" := "product_search_vector"(
    NEW."name", (SELECT c."name" FROM "Category" c WHERE c."id" = NEW."categoryId"), NEW."shortDescription", NEW."description");
  RETURN NEW;
END
$$;

CREATE TRIGGER "Product_searchVector_refresh"
BEFORE INSERT OR UPDATE OF "name", "shortDescription", "description", "categoryId" ON "Product"
FOR EACH ROW EXECUTE FUNCTION "product_search_vector_refresh"();

-- Renaming a category refreshes its products' vectors.
CREATE FUNCTION "category_search_vector_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Product" p
  SET "searchVector" = "product_search_vector"(p."name", NEW."name", p."shortDescription", p."description")
  WHERE p."categoryId" = NEW."id";
  RETURN NULL;
END
$$;

CREATE TRIGGER "Category_searchVector_refresh"
AFTER UPDATE OF "name" ON "Category"
FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "category_search_vector_refresh"();

-- Backfill
UPDATE "Product" p
SET "searchVector" = "product_search_vector"(p."name", c."name", p."shortDescription", p."description")
FROM "Category" c WHERE c."id" = p."categoryId";

-- CreateIndex
CREATE INDEX "Product_searchVector_idx" ON "Product" USING GIN ("searchVector");
