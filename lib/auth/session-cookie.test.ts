import { secureSessionCookie } from "@/lib/auth/session-cookie";
import { env } from "@/lib/env";

/** Which session cookie a request gets: Secure (__Secure-) over https, told by the URL or by a trusted proxy only. */
describe("secureSessionCookie", () => {
  const saved = { ...env };
  afterEach(() => Object.assign(env, saved));
  const https = new Headers({ "x-forwarded-proto": "https" });

  it("believes X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY or Vercel)", () => {
    Object.assign(env, { TRUST_PROXY: undefined, VERCEL: undefined, NEXTAUTH_URL: "http://localhost:3000", SITE_URL: undefined });
    expect(secureSessionCookie(https)).toBe(false); // anyone can send the header to a shop with no proxy in front
    Object.assign(env, { TRUST_PROXY: 1 });
    expect(secureSessionCookie(https)).toBe(true);
    expect(secureSessionCookie({ "x-forwarded-proto": "HTTPS, http" })).toBe(true); // the first value, as Express
    expect(secureSessionCookie(new Headers({ "x-forwarded-proto": "http" }))).toBe(false);
    expect(secureSessionCookie(new Headers())).toBe(false);
    Object.assign(env, { TRUST_PROXY: 0 });
    expect(secureSessionCookie(https)).toBe(false);
    Object.assign(env, { TRUST_PROXY: undefined, VERCEL: "1" });
    expect(secureSessionCookie(https)).toBe(true);
  });

  it("is always Secure when the shop's URL is https, as next-auth decides by itself", () => {
    Object.assign(env, { TRUST_PROXY: undefined, VERCEL: undefined, NEXTAUTH_URL: undefined, SITE_URL: "https://shop.example.com" });
    expect(secureSessionCookie(new Headers())).toBe(true);
    Object.assign(env, { NEXTAUTH_URL: "https://shop.example.com" });
    expect(secureSessionCookie(new Headers({ "x-forwarded-proto": "http" }))).toBe(true);
  });
});
