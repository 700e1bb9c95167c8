-- CDN purges by tag not yet accepted by the CDN, retried until they are.

-- CreateTable
CREATE TABLE "CdnPurge" (
    "id" SERIAL NOT NULL,
    "tags" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CdnPurge_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CdnPurge_nextAttemptAt_idx" ON "CdnPurge"("nextAttemptAt");
