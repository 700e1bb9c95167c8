"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { COMMISSION_TEXT_MAX } from "@/lib/commissions/schemas";

/** The shopper's reply in their commission's thread (POST /api/commissions/reply with the emailed link's token). */
export function CommissionReplyForm({ reference, token }: { reference: string; token: string }) {
  const router = useRouter();
  const [body, setBody] = useState("");
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  async function send(event: React.FormEvent) {
    event.preventDefault();
    if (body.trim().length < 2) {
      setOutcome({ ok: false, message: "Write a message of at least 2 characters" });
      return;
    }
    setSending(true);
    setOutcome(null);
    try {
      const res = await fetch("/api/commissions/reply", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ reference, token, body }) });
      const json = (await res.json().catch(() => null)) as { message?: string } | null;
      setOutcome({ ok: res.ok, message: json?.message ?? (res.ok ? "Sent." : "Your message could not be sent. Please try again.") });
      if (res.ok) {
        setBody("");
        router.refresh();
      }
    } catch {
      setOutcome({ ok: false, message: "Your message could not be sent. Please check your connection and try again." });
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={send} noValidate className="grid gap-3" aria-busy={sending} data-testid="commission-reply-form">
      <Label htmlFor="commission-reply">Your message to the maker</Label>
      <Textarea
        id="commission-reply"
        value={body}
        onChange={(e) => setBody(e.target.value)}
        rows={4}
        maxLength={COMMISSION_TEXT_MAX}
        aria-invalid={outcome?.ok === false}
        aria-describedby={outcome ? "commission-reply-outcome" : undefined}
      />
      {outcome && (
        <p id="commission-reply-outcome" role={outcome.ok ? "status" : "alert"} className={outcome.ok ? "text-sm text-muted-foreground" : "text-sm text-destructive"}>
          {outcome.message}
        </p>
      )}
      <div>
        <Button type="submit" disabled={sending} className="h-10">
          {sending ? "Sending..." : "Send message"}
        </Button>
      </div>
    </form>
  );
}
