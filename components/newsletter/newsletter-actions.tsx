"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

type State = { kind: "idle" | "busy" | "done" | "error"; message?: string };

async function post(url: string, init: RequestInit): Promise<{ ok: boolean; message: string }> {
  try {
    const res = await fetch(url, { method: "POST", ...init });
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    return { ok: res.ok, message: body.message ?? "" };
  } catch {
    return { ok: false, message: "" };
  }
}

const FAILED = "Something went wrong. Please try again.";

/** A button that posts, and under it what went wrong when it did. */
function ActionButton({ state, variant, onClick, children }: { state: State; variant?: "outline"; onClick: () => Promise<void>; children: React.ReactNode }) {
  return (
    <>
      <Button type="button" variant={variant} disabled={state.kind === "busy"} onClick={onClick}>
        {children}
      </Button>
      {state.kind === "error" && (
        <p role="alert" className="text-sm text-destructive">
          {state.message}
        </p>
      )}
    </>
  );
}

/** The state of the page's buttons, and `run`: POST, then the state `done` makes of the answer's message (or the error). True when it worked. */
function usePostAction() {
  const [state, setState] = useState<State>({ kind: "idle" });
  async function run(url: string, init: RequestInit, done: (message: string) => State): Promise<boolean> {
    setState({ kind: "busy" });
    const res = await post(url, init);
    setState(res.ok ? done(res.message) : { kind: "error", message: res.message || FAILED });
    return res.ok;
  }
  return [state, run] as const;
}

/** The confirmation page's button: POST /api/newsletter/confirm with the link's token (a link scanner's GET confirms nothing). */
export function ConfirmSubscription({ token }: { token: string }) {
  const [state, run] = usePostAction();
  if (state.kind === "done") {
    return (
      <p role="status" className="mt-6 rounded-lg border border-primary/30 bg-primary/5 p-4 font-medium" data-testid="newsletter-confirmed">
        You&rsquo;re subscribed. Thank you — you&rsquo;ll hear about new pieces first.
      </p>
    );
  }
  return (
    <div className="mt-6 space-y-3">
      <ActionButton
        state={state}
        onClick={async () => {
          await run("/api/newsletter/confirm", { headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token }) }, () => ({ kind: "done" }));
        }}
      >
        Confirm my subscription
      </ActionButton>
    </div>
  );
}

/**
 * The unsubscribe page: one button that sends the same RFC 8058 request a mail provider
 * sends, then the offer to re-subscribe (which emails a new confirmation).
 */
export function UnsubscribeActions({ token, initiallyUnsubscribed }: { token: string; initiallyUnsubscribed: boolean }) {
  const [unsubscribed, setUnsubscribed] = useState(initiallyUnsubscribed);
  const [state, run] = usePostAction();
  const path = encodeURIComponent(token);
  if (!unsubscribed) {
    return (
      <div className="mt-6 space-y-3">
        <ActionButton
          state={state}
          onClick={async () => {
            if (await run(`/api/newsletter/unsubscribe/${path}`, { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }, () => ({ kind: "idle" })))
              setUnsubscribed(true);
          }}
        >
          Unsubscribe
        </ActionButton>
      </div>
    );
  }
  return (
    <div className="mt-6 space-y-3">
      <p role="status" className="rounded-lg border border-primary/30 bg-primary/5 p-4 font-medium" data-testid="newsletter-unsubscribed">
        You&rsquo;re unsubscribed: no more newsletters will be sent to this address.
      </p>
      {state.kind === "done" ? (
        <p role="status">{state.message}</p>
      ) : (
        <>
          <p className="text-muted-foreground">Changed your mind?</p>
          <ActionButton
            state={state}
            variant="outline"
            onClick={async () => {
              await run(`/api/newsletter/resubscribe/${path}`, {}, (message) => ({ kind: "done", message }));
            }}
          >
            Re-subscribe
          </ActionButton>
        </>
      )}
    </div>
  );
}
