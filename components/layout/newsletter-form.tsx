"use client";

import { useId, useRef, useState } from "react";
import { NEWSLETTER_FREQUENCY } from "@/lib/site";
import { Icon } from "@/components/ui/icon";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";

const loadSubmit = () => import("@/components/layout/newsletter-submit");

/**
 * Footer "Stay Updated" form: server-rendered markup; what sending it does
 * (components/layout/newsletter-submit.ts) loads when the form is first
 * focused or sent, so no page carries it in its first-load JavaScript.
 */
export function NewsletterForm() {
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const inputId = useId();
  const hintId = useId();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    const form = event.currentTarget;
    try {
      await (await loadSubmit()).subscribeFromForm(form, () => setPending(true));
    } catch (error) {
      console.error("Newsletter subscription failed", error);
      toast.error("Subscription Failed", { description: "Please try again later." });
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} onFocus={() => void loadSubmit().catch(() => {})} noValidate className="flex flex-col gap-2" aria-busy={pending}>
      <label htmlFor={inputId} className="text-sm font-medium text-background">
        Email address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row md:flex-col xl:flex-row">
        <Input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          aria-describedby={hintId}
          className="h-10 min-w-0 border-background/25 bg-background/10 text-background placeholder:text-background/50 focus-visible:border-background/60 focus-visible:ring-background/30"
        />
        <Button type="submit" disabled={pending} className="h-10 shrink-0 bg-background text-foreground hover:bg-background/90">
          {pending && <Icon name="loader" className="animate-spin" />}
          Subscribe
        </Button>
      </div>
      <p id={hintId} className="text-xs text-background/60">
        New pieces and workshop notes {NEWSLETTER_FREQUENCY}. Unsubscribe any time.
      </p>
    </form>
  );
}
