import { NextResponse } from "next/server";
import { submitContactMessage } from "@/lib/content/service";
import { readJson, withRoute } from "@/lib/http";
import { contactMessageSchema } from "@/lib/content/schemas";

export const POST = withRoute(
  async (req) => {
    const { id } = await submitContactMessage(await readJson(req, contactMessageSchema));
    return NextResponse.json({ id, message: "Thank you for your message. We'll get back to you soon." }, { status: 201 });
  },
  { rateLimit: "contact" },
);
