import pino from "pino";
import { processState } from "@/lib/process-state.mjs";
import { liveEnv } from "@/lib/env";

/**
 * The server's structured log: one JSON object per line (pino) with `level`,
 * `time`, `msg`, and — inside a request — `reqId` and `route`, so a line can
 * be traced to the request server/front-server.mjs logged. No personal data:
 * log ids and counts, never emails, names, addresses, phone numbers,
 * passwords, tokens or cookies (the redaction below is a safety net, not a
 * licence). LOG_LEVEL: trace, debug, info (default), warn, error, silent.
 * Server code only — the Next.js server, the launcher (scripts/serve.ts) and
 * other scripts; lib/layering.test.ts keeps it out of client components.
 */
export const REDACT_PATHS = [
  "email",
  "*.email",
  "password",
  "*.password",
  "firstName",
  "lastName",
  "*.firstName",
  "*.lastName",
  "phone",
  "*.phone",
  "address",
  "*.address",
  "shippingAddress",
  "billingAddress",
  "*.shippingAddress",
  "*.billingAddress",
  "authorization",
  "*.authorization",
  "cookie",
  "*.cookie",
  "token",
  "*.token",
  "clientSecret",
  "*.clientSecret",
];

// The level is read as it is (lib/env.ts validates LOG_LEVEL with the rest), so importing the logger does not load the configuration.
export const log: pino.Logger = processState<pino.Logger>("log", () =>
  pino({
    level: liveEnv("LOG_LEVEL") ?? (liveEnv("NODE_ENV") === "test" ? "silent" : "info"),
    base: { service: "maple-micron" },
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    formatters: { level: (label) => ({ level: label }) },
  }),
);

/** The request id server/front-server.mjs gave this request (x-request-id), and its route without the query string. */
export function requestFields(req: { headers: Headers; url: string }): { reqId?: string; route: string } {
  let route = req.url;
  try {
    route = new URL(req.url, "http://x").pathname;
  } catch {}
  return { reqId: req.headers.get("x-request-id") ?? undefined, route: normalizeRoute(route) };
}

/** Path segments that are ids, tokens or session ids become ":id", so routes group and carry nothing identifying. */
export function normalizeRoute(pathname: string): string {
  return pathname
    .split("/")
    .map((s) => (/^\d+$/.test(s) || /^[A-Za-z0-9_-]{20,}$/.test(s) || /^ORD-/.test(s) ? ":id" : s))
    .join("/");
}

/**
 * A configuration that would make the shop weaker or broken stops start-up:
 * one line for the person at the terminal ("Refusing to start: …" on stderr),
 * one fatal line in the log, exit code 1.
 */
export function refuseToStart(message: string): never {
  log.fatal({}, `Refusing to start: ${message}`);
  process.stderr.write(`Refusing to start: ${message}\n`);
  process.exit(1);
}
