import "server-only";
import { mkdirSync, chmodSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { env } from "@/lib/env";
import { site } from "@/lib/site";
import { devMailboxDir } from "@/lib/email/dev-mailbox";
import { toHeaderValue } from "@/lib/single-line";

/**
 * How newsletters leave the shop: Resend's batch endpoint (POST /emails/batch, at most 100
 * emails a call) when RESEND_API_KEY is set, otherwise the dev mailbox — the same pipeline
 * (claims, batches, idempotency keys, recorded ids) either way.
 *
 * Each call carries an Idempotency-Key made from the campaign and its recipients' ids
 * (lib/newsletter/worker.ts): sent again within 24 hours, Resend answers with the first
 * call's ids and sends nothing. The dev mailbox honours the same key: a message already
 * delivered under it is not written again. Calls use permissive batch validation, so one
 * invalid recipient fails alone (its index comes back in `errors`) and the rest are sent.
 */
export const BATCH_LIMIT = 100;

export type OutgoingEmail = { to: string; subject: string; html: string; text: string; headers: Record<string, string> };
export type BatchOutcome = { ok: true; id: string } | { ok: false; error: string };

/** The provider could not take the batch now (network, 5xx, auth): the batch is tried again later under the same key. */
export class TransientSendError extends Error {}

export type Transport = {
  name: "resend" | "mailbox";
  /** One call; resolves with one outcome per email (in order). 429s are waited out here, `onWait` told first. */
  sendBatch(emails: OutgoingEmail[], idempotencyKey: string, onWait?: (ms: number) => Promise<void> | void): Promise<BatchOutcome[]>;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Retry-After: seconds or an HTTP date; at least 100 ms, at most 10 minutes. */
export function retryAfterMs(value: string | null, fallbackMs = 1000): number {
  if (!value) return fallbackMs;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
  return Math.min(Math.max(Number.isFinite(ms) ? ms : fallbackMs, 100), 600_000);
}

export function fromAddress(): string {
  return env.EMAIL_FROM ?? `${site.name} <${site.email}>`;
}

export function resendTransport(opts: { apiKey: string; baseUrl?: string; max429Retries?: number }): Transport {
  const base = (opts.baseUrl ?? "https://api.resend.com").replace(/\/+$/, "");
  const max429 = opts.max429Retries ?? 20;
  return {
    name: "resend",
    async sendBatch(emails, idempotencyKey, onWait) {
      if (emails.length > BATCH_LIMIT) throw new Error(`a batch holds at most ${BATCH_LIMIT} emails`);
      const body = JSON.stringify(
        emails.map((e) => ({ from: fromAddress(), to: [toHeaderValue(e.to)], subject: toHeaderValue(e.subject), html: e.html, text: e.text, headers: headerValues(e.headers) })),
      );
      for (let attempt = 0; ; attempt++) {
        let res: Response;
        try {
          res = await fetch(`${base}/emails/batch`, {
            method: "POST",
            headers: {
              Authorization: `Bearer ${opts.apiKey}`,
              "Content-Type": "application/json",
              "Idempotency-Key": idempotencyKey,
              "x-batch-validation": "permissive",
            },
            body,
            signal: AbortSignal.timeout(30_000),
          });
        } catch (error) {
          throw new TransientSendError(`Resend unreachable: ${(error as Error).message}`);
        }
        if (res.status === 429 && attempt < max429) {
          const wait = retryAfterMs(res.headers.get("retry-after"));
          await res.body?.cancel();
          await onWait?.(wait);
          await sleep(wait);
          continue;
        }
        const json = (await res.json().catch(() => null)) as { data?: Array<{ id: string }>; errors?: Array<{ index: number; message: string }>; message?: string } | null;
        if (!res.ok) {
          const message = `Resend ${res.status}: ${json?.message ?? res.statusText}`;
          // A request Resend refuses as a whole (422/400: every email invalid) fails its recipients; anything else is tried again later.
          if (res.status === 400 || res.status === 422) return emails.map(() => ({ ok: false as const, error: message }));
          throw new TransientSendError(message);
        }
        return matchOutcomes(emails.length, json?.data ?? [], json?.errors ?? []);
      }
    },
  };
}

/** Permissive mode: `errors` names the failed indexes; `data` holds the ids of the others, in order. */
export function matchOutcomes(count: number, data: Array<{ id: string }>, errors: Array<{ index: number; message: string }>): BatchOutcome[] {
  const failed = new Map(errors.map((e) => [e.index, e.message]));
  const ids = data.map((d) => d.id);
  const out: BatchOutcome[] = [];
  for (let i = 0; i < count; i++) {
    if (failed.has(i)) out.push({ ok: false, error: failed.get(i) || "refused by the provider" });
    else {
      const id = ids.shift();
      out.push(id ? { ok: true, id } : { ok: false, error: "no id returned by the provider" });
    }
  }
  return out;
}

const safeName = (to: string) => to.replace(/[^a-z0-9@._-]/gi, "_").slice(0, 80);

/** Extra headers with no control character in a name or a value (a name is a token: anything else goes). */
const headerValues = (headers: Record<string, string>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => /^[!#-'*+.0-9A-Z^-z|~-]+$/.test(name))
      .map(([name, value]) => [name, toHeaderValue(value)]),
  );

/** A message as a file: its headers (each one line, lib/single-line.ts), then a multipart/alternative body with the text and HTML parts. */
export function toMimeMessage(email: OutgoingEmail, messageId: string): string {
  const boundary = `mm-${messageId}`;
  const headers = [
    `From: ${toHeaderValue(fromAddress())}`,
    `To: ${toHeaderValue(email.to)}`,
    `Subject: ${toHeaderValue(email.subject)}`,
    `Message-ID: <${messageId}@mailbox.local>`,
    ...Object.entries(headerValues(email.headers)).map(([k, v]) => `${k}: ${v}`),
    "MIME-Version: 1.0",
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
  ];
  return [
    ...headers,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    email.text,
    `--${boundary}`,
    "Content-Type: text/html; charset=utf-8",
    "",
    email.html,
    `--${boundary}--`,
    "",
  ].join("\n");
}

/**
 * Without Resend: each email becomes a file in the dev mailbox (0700 folder, 0600 files), named by
 * the batch's key and its place in it. A file that exists already was delivered by an earlier try of
 * the same batch: it is kept, not written twice (the idempotency key's promise, as Resend keeps it).
 */
export function mailboxTransport(): Transport {
  return {
    name: "mailbox",
    async sendBatch(emails, idempotencyKey) {
      if (emails.length > BATCH_LIMIT) throw new Error(`a batch holds at most ${BATCH_LIMIT} emails`);
      const dir = devMailboxDir();
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        chmodSync(dir, 0o700);
      } catch (error) {
        throw new TransientSendError(`dev mailbox not writable: ${(error as Error).message}`);
      }
      const key = idempotencyKey.replace(/[^a-z0-9-]/gi, "_");
      return emails.map((email, index) => {
        const id = `${key}-${String(index).padStart(3, "0")}`;
        const file = path.join(dir, `${id}-${safeName(email.to)}.eml`);
        try {
          writeFileSync(file, toMimeMessage(email, `${id}.${randomBytes(4).toString("hex")}`), { mode: 0o600, flag: "wx" });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw new TransientSendError(`dev mailbox: ${(error as Error).message}`);
        }
        return { ok: true as const, id: `mailbox:${id}` };
      });
    },
  };
}

/** Resend when its key is set, else the dev mailbox. */
export function defaultTransport(): Transport {
  return env.RESEND_API_KEY ? resendTransport({ apiKey: env.RESEND_API_KEY, baseUrl: env.RESEND_API_URL }) : mailboxTransport();
}
