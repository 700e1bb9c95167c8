/**
 * The shop's log line, for every process that logs: the Next.js server and
 * the scripts (through lib/log.ts) and the server layer (server/: the front
 * server and the cache handlers, plain JavaScript loaded outside the app's
 * bundles). One JSON object per line (pino) with `level`, `time`, `msg` and
 * `service`; inside a request, `reqId` and `route`. No personal data: log ids
 * and counts, never emails, names, addresses, phone numbers, passwords,
 * tokens or cookies (the redaction below is a safety net, not a licence).
 * LOG_LEVEL: trace, debug, info (default; silent under Jest), warn, error,
 * fatal, silent — read as it is, so creating a logger does not load the
 * configuration (lib/env.ts and lib/env-shared.mjs validate it with the rest).
 */
import pino from "pino";
import { liveVariable } from "./env-shared.mjs";

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

/**
 * A logger writing the shop's line. `nonBlocking`: lines that arrive while a
 * write is under way go out together with the next one (the front server's
 * request log; pino flushes what is left when the process exits).
 * `redact: false` only for a logger whose every line has fixed fields that
 * cannot carry personal data (the front server's: request id, method, masked
 * route, status, duration): redaction walks each logged object, a cost the
 * fastest cached answers feel (docs/decisions/0013-request-log-without-redaction.md).
 */
export function createLogger({ nonBlocking = false, redact = true } = {}) {
  const options = {
    level: liveVariable("LOG_LEVEL") ?? (liveVariable("NODE_ENV") === "test" ? "silent" : "info"),
    base: { service: "maple-micron" },
    ...(redact ? { redact: { paths: REDACT_PATHS, censor: "[redacted]" } } : {}),
    formatters: { level: (label) => ({ level: label }) },
  };
  return nonBlocking ? pino(options, pino.destination({ dest: 1, sync: false })) : pino(options);
}

/**
 * A configuration that would make the shop weaker or broken stops start-up:
 * one line for the person at the terminal ("Refusing to start: …" on
 * stderr), one fatal line in the log, exit code 1.
 */
export function refuseToStart(log, message) {
  log.fatal({}, `Refusing to start: ${message}`);
  process.stderr.write(`Refusing to start: ${message}\n`);
  process.exit(1);
}

/**
 * A segment that looks like an id or a signed token: digits, an order number, a
 * long plain run (hex, base64url, session ids), or dotted base64url parts (a
 * signed link's payload.signature, a JWT) of 20 characters or more in all.
 */
const TOKEN_SEGMENT = /^(?:\d+|ORD-.*|[A-Za-z0-9_-]{20,}={0,2}|(?=[A-Za-z0-9_.=-]{20,}$)[A-Za-z0-9_-]+={0,2}(?:\.[A-Za-z0-9_-]+={0,2})+)$/;

/** Path segments that are ids, tokens or session ids become ":id", and a query string (`?token=…`) is dropped, so routes group and carry nothing identifying. */
export function normalizeRoute(pathname) {
  const path = pathname.split(/[?#]/, 1)[0];
  return path
    .split("/")
    .map((s) => {
      let decoded = s;
      try {
        decoded = decodeURIComponent(s);
      } catch {}
      return TOKEN_SEGMENT.test(decoded) ? ":id" : s;
    })
    .join("/");
}
