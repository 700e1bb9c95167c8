import type pino from "pino";
import { processState } from "@/lib/process-state.mjs";
import { createLogger, normalizeRoute, refuseToStart as refuse } from "@/lib/log-shared.mjs";

export { normalizeRoute, REDACT_PATHS } from "@/lib/log-shared.mjs";

/**
 * The server's structured log (the line's shape and rules: lib/log-shared.mjs,
 * which the server layer logs through too): inside a request, with `reqId`
 * and `route` (requestFields), so a line can be traced to the request
 * server/front-server.mjs logged. Server code only — the Next.js server, the
 * launcher (scripts/serve.ts) and other scripts; lib/layering.test.ts keeps it
 * out of client components.
 */
export const log: pino.Logger = processState<pino.Logger>("log", () => createLogger());

/** The request id server/front-server.mjs gave this request (x-request-id), and its route without the query string. */
export function requestFields(req: { headers: Headers; url: string }): { reqId?: string; route: string } {
  let route = req.url;
  try {
    route = new URL(req.url, "http://x").pathname;
  } catch {}
  return { reqId: req.headers.get("x-request-id") ?? undefined, route: normalizeRoute(route) };
}

/** A configuration that would make the shop weaker or broken stops start-up (lib/log-shared.mjs). */
export function refuseToStart(message: string): never {
  return refuse(log, message);
}
