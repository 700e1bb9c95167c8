"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** The Subscribers screen's manual unsubscribe (audited by the API). */
export function SubscriberUnsubscribeButton({ id, email }: { id: number; email: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={busy}
        aria-label={`Unsubscribe ${email}`}
        onClick={async () => {
          setBusy(true);
          const res = await fetch(`/api/admin/newsletter/subscribers/${id}/unsubscribe`, { method: "POST" }).catch(() => null);
          setBusy(false);
          if (res?.ok) router.refresh();
          else setError("Could not unsubscribe. Try again.");
        }}
      >
        Unsubscribe
      </Button>
      {error && (
        <p role="alert" className="mt-1 text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
