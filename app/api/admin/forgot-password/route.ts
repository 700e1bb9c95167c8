import { requestPasswordReset } from "@/lib/auth/service";
import { readJson, withRoute } from "@/lib/http";
import { forgotPasswordSchema } from "@/lib/auth/schemas";

export const POST = withRoute(async (req) => requestPasswordReset(await readJson(req, forgotPasswordSchema), req.nextUrl.origin), {
  rateLimit: "forgotPassword",
});
