/** Where the shopper's cart session id (spec §3) is kept in localStorage: "sessionId" (lib/cart/session.ts creates it). */
export const SESSION_STORAGE_KEY = "sessionId";

/** The session id if one was already created (removals and quantity changes never create one); its own module, so they load no more. */
export function existingSessionId(): string | null {
  try {
    return window.localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
}
