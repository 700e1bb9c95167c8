import type { NextRequest } from "next/server";
import { getRequestAdmin } from "@/lib/auth/guard";
import { isAppError } from "@/lib/errors";
import { getLabelPdf } from "@/lib/orders/label-service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const text = (status: number, body: string) => new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

/** A label's 4×6 PDF, for a signed-in admin only (shown inline: the browser's viewer prints it). */
export async function GET(req: NextRequest, { params }: { params: Promise<{ id: string; labelId: string }> }) {
  if (!(await getRequestAdmin(req))) return text(404, "Not found");
  const { id, labelId } = await params;
  try {
    const pdf = await getLabelPdf(id, labelId);
    return new Response(new Uint8Array(pdf), {
      headers: {
        "content-type": "application/pdf",
        "content-length": String(pdf.byteLength),
        "content-disposition": `inline; filename="label-${labelId.replace(/\D/g, "")}.pdf"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (error) {
    if (isAppError(error)) return text(error.status, error.message);
    throw error;
  }
}
