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
