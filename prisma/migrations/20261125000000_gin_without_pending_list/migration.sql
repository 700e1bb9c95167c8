-- Search indexes without a pending list (issue 8). A GIN index by default
-- gathers new entries in an unsorted pending list that only VACUUM (or the
-- list filling up to 4 MB) folds into the index, and every search scans that
-- list whole. The embedded database has no autovacuum, so the list never
-- shrank: with 10,000 products seeded, the planner priced the index above a
-- sequential scan and read every product's vector for each search (a search
-- for "bowl tray" took 7.7 ms instead of 0.8 ms). Catalogue writes are rare
-- and small, so each one updates the index directly instead.
-- (Index storage parameters have no place in schema.prisma; the migrations
-- test checks them.)

-- AlterIndex
ALTER INDEX "Product_searchVector_idx" SET (fastupdate = off);
ALTER INDEX "Product_name_trgm_idx" SET (fastupdate = off);
ALTER INDEX "Product_description_trgm_idx" SET (fastupdate = off);

-- Fold in what is pending
SELECT gin_clean_pending_list('"Product_searchVector_idx"'::regclass);
SELECT gin_clean_pending_list('"Product_name_trgm_idx"'::regclass);
SELECT gin_clean_pending_list('"Product_description_trgm_idx"'::regclass);
