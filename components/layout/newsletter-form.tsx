"use client";

import { useId, useState } from "react";
import { Icon } from "@/components/ui/icon";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { looksLikeEmail } from "@/lib/content/rules";

/** Footer "Stay Updated" form (spec §5, §8 newsletter rules and toasts). */
export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const [pending, setPending] = useState(false);
  const inputId = useId();
  const hintId = useId();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const value = email.trim();
    if (!looksLikeEmail(value)) {
      toast.error("Invalid Email", { description: "Please enter a valid email address." });
      return;
    }
    setPending(true);
    try {
      const res = await fetch("/api/newsletter/subscribe", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: value }),
      });
      if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
      toast.success("Successfully Subscribed!", { description: "Thank you for subscribing to our newsletter." });
      setEmail("");
    } catch (error) {
      console.error("Newsletter subscription failed", error);
      toast.error("Subscription Failed", { description: "Please try again later." });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2" aria-busy={pending}>
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
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-describedby={hintId}
          className="h-10 min-w-0 border-background/25 bg-background/10 text-background placeholder:text-background/50 focus-visible:border-background/60 focus-visible:ring-background/30"
        />
        <Button type="submit" disabled={pending} className="h-10 shrink-0 bg-background text-foreground hover:bg-background/90">
          {pending && <Icon name="loader" className="animate-spin" />}
          Subscribe
        </Button>
      </div>
      <p id={hintId} className="text-xs text-background/60">
        New pieces and workshop notes about once a month. Unsubscribe any time.
      </p>
    </form>
  );
}
