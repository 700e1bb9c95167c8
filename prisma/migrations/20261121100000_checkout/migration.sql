-- CreateEnum
CREATE TYPE "CheckoutStatus" AS ENUM ('open', 'completed', 'failed', 'cancelled');

-- CreateTable
CREATE TABLE "Checkout" (
    "id" SERIAL NOT NULL,
    "sessionId" TEXT NOT NULL,
    "status" "CheckoutStatus" NOT NULL DEFAULT 'open',
    "provider" TEXT NOT NULL,
    "paymentIntentId" TEXT,
    "items" JSONB NOT NULL,
    "contact" JSONB NOT NULL,
    "shippingAddress" JSONB NOT NULL,
    "subtotal" DECIMAL(10,2) NOT NULL,
    "shipping" DECIMAL(10,2) NOT NULL,
    "total" DECIMAL(10,2) NOT NULL,
    "failureReason" TEXT,
    "orderId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Checkout_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookEvent" (
    "id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processedAt" TIMESTAMP(3),

    CONSTRAINT "WebhookEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TestPaymentIntent" (
    "id" TEXT NOT NULL,
    "clientSecret" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "captureMethod" TEXT NOT NULL,
    "metadata" JSONB NOT NULL,
    "idempotencyKey" TEXT,
    "lastError" TEXT,
    "cardLast4" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TestPaymentIntent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Checkout_paymentIntentId_key" ON "Checkout"("paymentIntentId");

-- CreateIndex
CREATE UNIQUE INDEX "Checkout_orderId_key" ON "Checkout"("orderId");

-- CreateIndex
CREATE INDEX "Checkout_sessionId_status_idx" ON "Checkout"("sessionId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "TestPaymentIntent_clientSecret_key" ON "TestPaymentIntent"("clientSecret");

-- CreateIndex
CREATE UNIQUE INDEX "TestPaymentIntent_idempotencyKey_key" ON "TestPaymentIntent"("idempotencyKey");

-- AddForeignKey
ALTER TABLE "Checkout" ADD CONSTRAINT "Checkout_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;
