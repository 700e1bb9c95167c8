import { NextResponse } from "next/server";
import { readJson, withRoute } from "@/lib/http";
import { replyAsShopper } from "@/lib/commissions/service";
import { commissionReplySchema } from "@/lib/commissions/schemas";

/** POST /api/commissions/reply {reference, token, body}: the shopper's message in their commission's thread → 201. */
export const POST = withRoute(
  async (req) => {
    const { id } = await replyAsShopper(await readJson(req, commissionReplySchema));
    return NextResponse.json({ id, message: "Your message is on its way to the maker." }, { status: 201 });
  },
  { rateLimit: "commission" },
);
