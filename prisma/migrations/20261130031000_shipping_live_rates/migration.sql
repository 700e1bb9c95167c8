-- Issue 44: a zone may price by the carrier's live rates (EasyPost), its rate table the fallback.

-- AlterEnum
ALTER TYPE "ShippingMethod" ADD VALUE 'live';
