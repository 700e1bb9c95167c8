import { NextResponse } from "next/server";
import { withRoute } from "@/lib/http";
import { COMMISSION_THANKS, submitCommission } from "@/lib/commissions/service";
import { COMMISSION_FORM_FIELD_BYTES, commissionFormValues, commissionRequestSchema, MAX_COMMISSION_PHOTOS, TOO_MANY_COMMISSION_PHOTOS } from "@/lib/commissions/schemas";
import { takePhotoAllowance } from "@/lib/rate-limit/public-limits";
import { readPhotoForm } from "@/lib/storage/photo-form";

export const runtime = "nodejs";

/**
 * POST /api/commissions {name, email, description, material?, size?, budget, wantedBy?, productId?}
 * (JSON, or the form's multipart body with up to 5 reference `photos`) → 201 {reference, message};
 * 429 when the photos pass this client's daily allowance (lib/rate-limit/limits.ts PHOTO_LIMITS), nothing stored.
 */
export const POST = withRoute(
  async (req) => {
    const { input, photos } = await readPhotoForm(req, commissionRequestSchema, {
      maxPhotos: MAX_COMMISSION_PHOTOS,
      tooMany: TOO_MANY_COMMISSION_PHOTOS,
      toValues: commissionFormValues,
      fieldBytes: COMMISSION_FORM_FIELD_BYTES,
    });
    const allowance = await takePhotoAllowance("commission", req, photos);
    const { reference } = await submitCommission(input, photos).catch(async (error: unknown) => {
      await allowance.giveBack(); // refused: nothing was stored
      throw error;
    });
    return NextResponse.json({ reference, message: COMMISSION_THANKS }, { status: 201 });
  },
  { rateLimit: "commission" },
);
