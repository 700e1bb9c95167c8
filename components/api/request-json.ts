/**
 * The browser's one way to call the shop's JSON API: credentials sent, a JSON
 * body when there is one, the answer parsed; a non-2xx answer throws an
 * ApiRequestError carrying the status and the server's JSON error body
 * (message, field messages, unavailable product ids, reason code).
 * Used by the cart (components/cart/cart-api.ts) and checkout
 * (components/checkout/checkout-api.ts) calls.
 */
export type ApiErrorBody = { message?: unknown; fields?: unknown; unavailable?: unknown; code?: unknown } | null;

export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;
  /** True when the server sent its own message (rather than a generic status line). */
  readonly hasServerMessage: boolean;

  constructor(status: number, message: string, body: ApiErrorBody, hasServerMessage: boolean) {
    super(message);
    this.name = "ApiRequestError";
    this.status = status;
    this.body = body;
    this.hasServerMessage = hasServerMessage;
  }

  /** Field messages of a 400 ({ fields: { name: message } }). */
  get fields(): Record<string, string> {
    const fields = this.body?.fields;
    if (!fields || typeof fields !== "object") return {};
    return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === "string"));
  }

  /** Product ids of a 409 that can no longer be bought. */
  get unavailable(): number[] {
    const ids = this.body?.unavailable;
    return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === "number") : [];
  }

  /** The server's reason code (`code` in the JSON body), when it sent one. */
  get code(): string | null {
    return typeof this.body?.code === "string" ? this.body.code : null;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

export async function requestJson<T>(method: string, url: string, opts: { body?: unknown; keepalive?: boolean; signal?: AbortSignal } = {}): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: "include",
    keepalive: opts.keepalive,
    signal: opts.signal,
    headers: opts.body === undefined ? undefined : { "content-type": "application/json" },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const errorBody = data && typeof data === "object" ? (data as ApiErrorBody) : null;
    const serverMessage = errorBody?.message;
    const hasServerMessage = typeof serverMessage === "string" && serverMessage.length > 0;
    throw new ApiRequestError(res.status, hasServerMessage ? (serverMessage as string) : `${res.status}: ${text || res.statusText}`, errorBody, hasServerMessage);
  }
  return data as T;
}
