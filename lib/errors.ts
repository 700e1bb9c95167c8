/** The one error type services throw; route handlers and actions map it once (lib/http.ts, lib/actions.ts). */
export type AppErrorCode =
  | "bad_request"
  | "unauthorized"
  | "payment_required"
  | "forbidden"
  | "not_found"
  | "conflict"
  /** What the link or record named is over for good (an expired or replaced quote). */
  | "gone"
  | "payload_too_large"
  | "unsupported_media_type"
  | "rate_limited"
  /** A service the request needs did not answer (Stripe Tax): nothing was changed, try again. */
  | "unavailable";

/**
 * Every API error body carries one of these in `code`, beside its `message` and `error` texts
 * (lib/http.ts errorResponse): a client branches on the code, never on the words, which may change.
 * A few answers name a finer reason in `code` instead, where the body has always carried one: a 409
 * for cart lines that cannot be bought (`sold`, `sold_out`, `short`, `inactive`: lib/cart/messages.ts)
 * and the test card form's 402 (lib/payments). `internal_error` is the 500 that hides an unexpected failure.
 */
export const ERROR_CODES = {
  bad_request: "400: the request is malformed or a field is invalid (`fields` names them)",
  unauthorized: "401: sign in first",
  payment_required: "402: the payment was not authorised",
  forbidden: "403: not allowed (a cross-site write, another admin's right)",
  not_found: "404: no such page, record or route",
  conflict: "409: the shop's state refuses it now (sold, already refunded, a total that changed)",
  gone: "410: the link or record is over for good",
  payload_too_large: "413: the body is over the route's limit",
  unsupported_media_type: "415: the body's content type is not the one the route reads",
  rate_limited: "429: too many requests; Retry-After says when to try again",
  unavailable: "503: a service the request needs did not answer; nothing was changed",
  internal_error: "500: something unexpected failed; nothing to act on but trying again",
} as const satisfies Record<AppErrorCode | "internal_error", string>;

/** The code of the 500 every unexpected failure is answered with. */
export const INTERNAL_ERROR_CODE = "internal_error" satisfies keyof typeof ERROR_CODES;

export const STATUS_BY_CODE: Record<AppErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly fields?: Record<string, string>;
  /** Extra JSON the client can act on (e.g. which cart lines are unavailable). */
  readonly data?: Record<string, unknown>;
  /** For 429s: seconds until the client may try again (sent as Retry-After). */
  readonly retryAfterSeconds?: number;

  constructor(code: AppErrorCode, message: string, fields?: Record<string, string>, data?: Record<string, unknown>, opts: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.fields = fields;
    this.data = data;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
