import { z } from "zod";
import { requestPasswordReset } from "@/lib/auth/service";
import { readJson, withRoute } from "@/lib/http";

export const POST = withRoute(async (req) => requestPasswordReset(await readJson(req, z.unknown()), req.nextUrl.origin), {
  rateLimit: "forgotPassword",
});
