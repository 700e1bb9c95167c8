import { SESSION_STORAGE_KEY } from "@/lib/cart/session-key";

export { SESSION_STORAGE_KEY };

/** The shopper's cart session id (spec §3): a random short string, created on first need, kept in localStorage "sessionId". */
export function getSessionId(): string {
  if (typeof window === "undefined") throw new Error("getSessionId() is browser-only");
  let id = window.localStorage.getItem(SESSION_STORAGE_KEY);
  if (!id) {
    const bytes = new Uint8Array(12);
    window.crypto.getRandomValues(bytes);
    id = Array.from(bytes, (b) => b.toString(36).padStart(2, "0"))
      .join("")
      .slice(0, 16);
    window.localStorage.setItem(SESSION_STORAGE_KEY, id);
  }
  return id;
}
