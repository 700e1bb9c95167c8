import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The admin on whose behalf the current request writes. Set once by the two
 * admin entry points (withAdminRoute in lib/http.ts, adminAction in
 * lib/actions.ts); read by the audit log and the order timeline, so services
 * need no extra parameter to know who acted.
 */
export type ActingAdmin = { id: number; username: string };

const storage = new AsyncLocalStorage<ActingAdmin>();

export function runAsAdmin<T>(admin: ActingAdmin, fn: () => T): T {
  return storage.run({ id: admin.id, username: admin.username }, fn);
}

/** The acting admin, or null outside an admin request (checkout, webhooks, scripts). */
export function actingAdmin(): ActingAdmin | null {
  return storage.getStore() ?? null;
}
