/**
 * The shop behind a reverse proxy, through `npm start` (multi-process: a
 * production build and real servers on 127.0.0.1).
 *
 * With TRUST_PROXY=1 and no SITE_URL (next-auth's URL is then
 * http://localhost:$PORT): requests the proxy marks `X-Forwarded-Proto: https`
 * sign in to a `__Secure-` session cookie with `Secure`, which the request
 * guard (proxy.ts), the admin pages (getServerSession) and the admin API
 * (getToken) all read over https; over plain http the cookie keeps its
 * unprefixed name. The server warns at start that SITE_URL is not set.
 *
 * Without TRUST_PROXY, a proxy forwarding shoppers (X-Forwarded-For from a
 * loopback peer) gets one warning naming TRUST_PROXY, however many requests;
 * plain requests (Next.js fills X-Forwarded-For with the peer itself) none.
 */
import { useEmbeddedShops } from "@/tests/helpers/instances";

const PASSWORD = "proxy-test-password";
const [proxied, unconfigured] = useEmbeddedShops([
  { name: "proxy", portOffset: 14, env: { TRUST_PROXY: "1", ADMIN_PASSWORD: PASSWORD } },
  { name: "noproxy", portOffset: 15 },
]);

const HTTPS = { "x-forwarded-proto": "https" };

/** Signs in through next-auth's credentials flow, as the login form does; returns the Set-Cookie lines of the sign-in. */
async function signIn(base: string, headers: Record<string, string>): Promise<string[]> {
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers });
  expect(csrf.status).toBe(200);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
    body: new URLSearchParams({ csrfToken, email: "owner@example.com", password: PASSWORD, json: "true" }).toString(),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie();
}

const sessionLine = (lines: string[]) => lines.find((l) => /^(__Secure-)?next-auth\.session-token=/.test(l));
const attributes = (line: string) =>
  line
    .split(";")
    .slice(1)
    .map((a) => a.trim().toLowerCase());

/** What an admin page and an admin API answer with `cookie`: the page's status (a redirect goes to the login) and the API's. */
async function adminAccess(base: string, cookie: string, headers: Record<string, string>) {
  const page = await fetch(`${base}/admin/dashboard`, { headers: { ...headers, cookie }, redirect: "manual" });
  const api = await fetch(`${base}/api/admin/verify-token`, { headers: { ...headers, cookie } });
  return { page: page.status, location: page.headers.get("location"), api: api.status };
}

describe("behind a TLS-terminating proxy (TRUST_PROXY=1, no SITE_URL)", () => {
  it("signs in over https to a Secure __Secure- session cookie that the guard, the pages and the API read over https", async () => {
    const base = proxied().url;
    const lines = await signIn(base, HTTPS);
    const session = sessionLine(lines);
    expect(session).toMatch(/^__Secure-next-auth\.session-token=/);
    expect(attributes(session!)).toEqual(expect.arrayContaining(["secure", "httponly", "samesite=lax", "path=/"]));
    for (const line of lines) expect(attributes(line)).toContain("secure"); // the CSRF cookie too (__Host-)
    const cookie = session!.split(";")[0];
    expect(await adminAccess(base, cookie, HTTPS)).toEqual({ page: 200, location: null, api: 200 });
    // The Secure cookie belongs to https: a plain-http request does not read it.
    expect(await adminAccess(base, cookie, {})).toMatchObject({ page: 307, location: expect.stringContaining("/admin/login"), api: 401 });
  });

  it("keeps the unprefixed cookie over plain http, and does not take it for an https session", async () => {
    const base = proxied().url;
    const session = sessionLine(await signIn(base, { "x-forwarded-proto": "http" }));
    expect(session).toMatch(/^next-auth\.session-token=/);
    expect(attributes(session!)).not.toContain("secure");
    const cookie = session!.split(";")[0];
    expect(await adminAccess(base, cookie, {})).toEqual({ page: 200, location: null, api: 200 });
    expect(await adminAccess(base, cookie, HTTPS)).toMatchObject({ page: 307, api: 401 });
  });

  it("warns at start that SITE_URL is not set", () => {
    const warnings = proxied()
      .output()
      .split("\n")
      .filter((l) => l.includes('"level":"warn"') && l.includes("SITE_URL is not set"));
    expect(warnings).toHaveLength(1);
  });
});

describe("behind a proxy without TRUST_PROXY", () => {
  const lookup = (base: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/order-status`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ orderNumber: "ORD-1-1", email: "a@example.com" }) });
  const trustProxyWarnings = (output: string) => output.split("\n").filter((l) => l.includes('"level":"warn"') && l.includes("TRUST_PROXY is not set")).length;

  it("warns once, naming TRUST_PROXY, when a local peer forwards shoppers; never for plain requests", async () => {
    const server = unconfigured();
    for (let i = 0; i < 3; i++) expect((await lookup(server.url)).status).toBe(404);
    await new Promise((r) => setTimeout(r, 500)); // the log is written without blocking
    expect(trustProxyWarnings(server.output())).toBe(0);
    for (let i = 0; i < 5; i++) expect((await lookup(server.url, { "x-forwarded-for": `198.51.100.${i + 1}` })).status).toBe(404);
    await new Promise((r) => setTimeout(r, 500));
    expect(trustProxyWarnings(server.output())).toBe(1);
  });
});
