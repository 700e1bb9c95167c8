-- CreateEnum
CREATE TYPE "CommissionStatus" AS ENUM ('new', 'quoted', 'accepted', 'in_progress', 'shipped', 'closed', 'declined');

-- CreateEnum
CREATE TYPE "CommissionQuoteStatus" AS ENUM ('open', 'paid', 'withdrawn');

-- CreateTable
CREATE TABLE "Commission" (
    "id" SERIAL NOT NULL,
    "reference" TEXT NOT NULL,
    "status" "CommissionStatus" NOT NULL DEFAULT 'new',
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "material" TEXT,
    "size" TEXT,
    "budget" TEXT NOT NULL,
    "wantedBy" TIMESTAMP(3),
    "photos" JSONB NOT NULL DEFAULT '[]',
    "productId" INTEGER,
    "declineReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Commission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CommissionMessage" (
    "id" SERIAL NOT NULL,
    "commissionId" INTEGER NOT NULL,
    "author" TEXT NOT NULL,
    "adminUserId" INTEGER,
    "adminName" TEXT,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CommissionMessage_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "CommissionMessage_author_check" CHECK ("author" IN ('maker', 'shopper'))
);

-- CreateTable
CREATE TABLE "CommissionQuote" (
    "id" SERIAL NOT NULL,
    "commissionId" INTEGER NOT NULL,
    "status" "CommissionQuoteStatus" NOT NULL DEFAULT 'open',
    "price" DECIMAL(10,2) NOT NULL,
    "shipping" DECIMAL(10,2) NOT NULL,
    "depositPercent" INTEGER,
    "leadTimeMinDays" INTEGER NOT NULL,
    "leadTimeMaxDays" INTEGER NOT NULL,
    "notes" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "adminUserId" INTEGER,
    "adminName" TEXT,
    "paidAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CommissionQuote_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "CommissionQuote_amounts_check" CHECK ("price" > 0 AND "shipping" >= 0),
    CONSTRAINT "CommissionQuote_deposit_check" CHECK ("depositPercent" IS NULL OR "depositPercent" BETWEEN 10 AND 90),
    CONSTRAINT "CommissionQuote_lead_time_check" CHECK ("leadTimeMinDays" >= 1 AND "leadTimeMaxDays" >= "leadTimeMinDays")
);

-- CreateIndex
CREATE UNIQUE INDEX "Commission_reference_key" ON "Commission"("reference");

-- CreateIndex
CREATE INDEX "Commission_status_createdAt_idx" ON "Commission"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Commission_email_idx" ON "Commission"("email");

-- CreateIndex
CREATE INDEX "CommissionMessage_commissionId_createdAt_idx" ON "CommissionMessage"("commissionId", "createdAt");

-- CreateIndex
CREATE INDEX "CommissionQuote_commissionId_createdAt_idx" ON "CommissionQuote"("commissionId", "createdAt");

-- AddForeignKey
ALTER TABLE "Commission" ADD CONSTRAINT "Commission_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CommissionMessage" ADD CONSTRAINT "CommissionMessage_commissionId_fkey" FOREIGN KEY ("commissionId") REFERENCES "Commission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CommissionQuote" ADD CONSTRAINT "CommissionQuote_commissionId_fkey" FOREIGN KEY ("commissionId") REFERENCES "Commission"("id") ON DELETE CASCADE ON UPDATE CASCADE;
