"use client";

import { createContext, useContext } from "react";

/**
 * Why image uploads cannot work on this deployment (null when they can),
 * decided on the server (lib/storage/availability.ts) and handed to every
 * upload field of the admin through the admin layout.
 */
const UploadsUnavailable = createContext<string | null>(null);

export function UploadsAvailabilityProvider({ reason, children }: { reason: string | null; children: React.ReactNode }) {
  return <UploadsUnavailable.Provider value={reason}>{children}</UploadsUnavailable.Provider>;
}

export const useUploadsUnavailable = () => useContext(UploadsUnavailable);

/** The plain message an upload field shows in place of its button when uploads are off. */
export function UploadsUnavailableNotice({ reason }: { reason: string }) {
  return (
    <p role="note" data-testid="uploads-unavailable" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      {reason}
    </p>
  );
}
