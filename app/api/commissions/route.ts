import { NextResponse } from "next/server";
import { withRoute } from "@/lib/http";
import { COMMISSION_THANKS, submitCommission } from "@/lib/commissions/service";
import { commissionFormValues, commissionRequestSchema, MAX_COMMISSION_PHOTOS, TOO_MANY_COMMISSION_PHOTOS } from "@/lib/commissions/schemas";
import { readPhotoForm } from "@/lib/storage/photo-form";

export const runtime = "nodejs";

/**
 * POST /api/commissions {name, email, description, material?, size?, budget, wantedBy?, productId?}
 * (JSON, or the form's multipart body with up to 5 reference `photos`) → 201 {reference, message}.
 */
export const POST = withRoute(
  async (req) => {
    const { input, photos } = await readPhotoForm(req, commissionRequestSchema, { maxPhotos: MAX_COMMISSION_PHOTOS, tooMany: TOO_MANY_COMMISSION_PHOTOS, toValues: commissionFormValues });
    const { reference } = await submitCommission(input, photos);
    return NextResponse.json({ reference, message: COMMISSION_THANKS }, { status: 201 });
  },
  { rateLimit: "commission" },
);
