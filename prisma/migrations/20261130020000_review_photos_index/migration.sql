-- CreateIndex: which review holds a photo URL (its photo or small copy), asked by /uploads on every request (issue 54).
-- GIN without a pending list, as every GIN index here (20261125000000_gin_without_pending_list).
CREATE INDEX "Review_photos_idx" ON "Review" USING GIN ("photos" jsonb_path_ops) WITH (fastupdate = off);
