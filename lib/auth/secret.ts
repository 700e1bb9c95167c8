import { env, isBuildPhase } from "@/lib/env";
/**
 * The secret that signs admin sessions and API tokens. `npm start`/`npm run dev`
 * provide one (AUTH_SECRET, or one generated once and kept in .data/auth-secret);
 * a production server without it refuses to sign anything.
 */
export function authSecret(): string {
  const secret = env.AUTH_SECRET ?? env.NEXTAUTH_SECRET;
  if (secret && secret.length >= 16) return secret;
  if (env.NODE_ENV === "production" && !isBuildPhase()) {
    throw new Error("AUTH_SECRET is not set (at least 16 characters). `npm start` sets one for you; otherwise set it yourself.");
  }
  return "maple-and-micron-development-only-secret";
}
