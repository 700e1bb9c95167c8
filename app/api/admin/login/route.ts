import { authenticateAdmin } from "@/lib/auth/service";
import { signApiToken } from "@/lib/auth/tokens";
import { readJson, withRoute } from "@/lib/http";
import { clientAddress } from "@/lib/net/client-address";
import { loginSchema } from "@/lib/auth/schemas";

/** Spec: POST /api/admin/login {email, password} → {token, user}; 401/429 {message}. */
export const POST = withRoute(async (req) => {
  const admin = await authenticateAdmin(await readJson(req, loginSchema), clientAddress(req.headers));
  return { token: await signApiToken(admin), user: { id: admin.id, username: admin.username, email: admin.email } };
});
