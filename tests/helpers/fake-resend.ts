import { createHash, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Resend's batch endpoint (POST /emails/batch), for tests that drive the
 * shop's newsletter transport (lib/newsletter/transport.ts) through RESEND_API_URL, as the fake
 * Stripe API does for payments. It keeps Resend's documented behaviour:
 * - at most 100 emails a call (more: 422);
 * - `Idempotency-Key`: the same key with the same body within the window answers the first
 *   call's ids and sends nothing; the same key with another body is a 409;
 * - `x-batch-validation: permissive`: an invalid email fails alone, named by its index in `errors`;
 * - 429 with `Retry-After` when told to (`throttleNext`).
 * Everything it "sends" is kept in `delivered`, in order; every call in `calls`.
 */
export type FakeEmail = { id: string; from: string; to: string[]; subject: string; html: string; text: string; headers: Record<string, string> };
export type FakeCall = { at: number; key: string | null; size: number; status: number; replay: boolean; permissive: boolean };

export type FakeResend = {
  url: string;
  apiKey: string;
  delivered: FakeEmail[];
  calls: FakeCall[];
  /** The next `count` calls answer 429 with Retry-After: `seconds`. */
  throttleNext(count: number, seconds: number): void;
  /** Emails to this address are refused (a validation error for that index). */
  refuse(address: string, message?: string): void;
  /** Called after a batch is recorded and before it is answered; the answer waits for it (tests kill a worker here). */
  beforeAnswer: ((call: FakeCall) => Promise<void> | void) | null;
  close(): Promise<void>;
};

export async function startFakeResend(): Promise<FakeResend> {
  const apiKey = `re_test_${randomUUID().replace(/-/g, "")}`;
  const idempotency = new Map<string, { hash: string; response: unknown }>();
  const refused = new Map<string, string>();
  let throttle = { count: 0, seconds: 1 };
  const fake: FakeResend = {
    url: "",
    apiKey,
    delivered: [],
    calls: [],
    throttleNext(count, seconds) {
      throttle = { count, seconds };
    },
    refuse(address, message = "Invalid `to` field.") {
      refused.set(address, message);
    },
    beforeAnswer: null,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => void answer());
    async function answer() {
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        if (res.destroyed) return;
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(body));
      };
      const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
      const permissive = req.headers["x-batch-validation"] === "permissive";
      const call: FakeCall = { at: Date.now(), key, size: 0, status: 200, replay: false, permissive };
      fake.calls.push(call);
      if (req.method !== "POST" || req.url !== "/emails/batch") return send((call.status = 404), { message: "Not found" });
      if (req.headers.authorization !== `Bearer ${apiKey}`) return send((call.status = 401), { message: "API key is invalid" });
      if (throttle.count > 0) {
        throttle.count--;
        return send((call.status = 429), { name: "rate_limit_exceeded", message: "Too many requests" }, { "retry-after": String(throttle.seconds) });
      }
      const raw = Buffer.concat(chunks).toString("utf8");
      let emails: Array<Omit<FakeEmail, "id">>;
      try {
        emails = JSON.parse(raw);
      } catch {
        return send((call.status = 400), { message: "Invalid JSON" });
      }
      call.size = Array.isArray(emails) ? emails.length : 0;
      if (!Array.isArray(emails) || emails.length === 0 || emails.length > 100) return send((call.status = 422), { message: "A batch holds 1 to 100 emails" });
      const hash = createHash("sha256").update(raw).digest("hex");
      if (key) {
        const seen = idempotency.get(key);
        if (seen && seen.hash !== hash) return send((call.status = 409), { name: "invalid_idempotent_request", message: "Same idempotency key used with a different request body" });
        if (seen) {
          call.replay = true;
          return send(200, seen.response);
        }
      }
      const data: Array<{ id: string }> = [];
      const errors: Array<{ index: number; message: string }> = [];
      emails.forEach((email, index) => {
        const bad = email.to?.map((t) => refused.get(t)).find(Boolean);
        if (bad) errors.push({ index, message: bad });
        else {
          const id = randomUUID();
          data.push({ id });
          fake.delivered.push({ id, ...email });
        }
      });
      if (errors.length && !permissive) return send((call.status = 422), { message: errors[0].message });
      const response = permissive ? { data, errors } : { data };
      if (key) idempotency.set(key, { hash, response });
      await fake.beforeAnswer?.(call);
      send(200, response);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
