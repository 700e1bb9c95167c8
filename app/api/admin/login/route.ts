import { authenticateAdmin } from "@/lib/auth/service";
import { issueApiToken } from "@/lib/auth/session-service";
import { readJson, withRoute } from "@/lib/http";
import { clientAddress } from "@/lib/net/client-address";
import { loginSchema } from "@/lib/auth/schemas";

/** Spec: POST /api/admin/login {email, password} → {token, user}; 401/429 {message}. Each token is a session of its own (lib/auth/session-service.ts). */
export const POST = withRoute(async (req) => {
  const ipAddress = clientAddress(req.headers);
  const admin = await authenticateAdmin(await readJson(req, loginSchema), ipAddress);
  const token = await issueApiToken(admin, { userAgent: req.headers.get("user-agent"), ipAddress });
  return { token, user: { id: admin.id, username: admin.username, email: admin.email } };
});
