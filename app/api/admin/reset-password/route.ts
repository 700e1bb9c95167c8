import { resetPassword } from "@/lib/auth/service";
import { readJson, withRoute } from "@/lib/http";
import { clientAddress } from "@/lib/net/client-address";
import { resetPasswordSchema } from "@/lib/auth/schemas";

export const POST = withRoute(async (req) => resetPassword(await readJson(req, resetPasswordSchema), clientAddress(req.headers)));
