import { toast } from "@/components/ui/toast";
import { looksLikeEmail } from "@/lib/content/rules";

/**
 * What the footer's newsletter form does when sent (spec §5, §8 newsletter rules and toasts),
 * loaded on first use by components/layout/newsletter-form.tsx: an invalid address is refused
 * with a toast and no request; a subscription says so and clears the field. A failed request
 * throws, and the form says "Subscription Failed" (as it does when this module fails to load).
 */
export async function subscribeFromForm(form: HTMLFormElement, onSending: () => void): Promise<void> {
  const input = form.elements.namedItem("email") as HTMLInputElement;
  const email = input.value.trim();
  if (!looksLikeEmail(email)) {
    toast.error("Invalid Email", { description: "Please enter a valid email address." });
    return;
  }
  onSending();
  const res = await fetch("/api/newsletter/subscribe", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  toast.success("Successfully Subscribed!", { description: "Thank you for subscribing to our newsletter. Check your inbox to confirm." });
  input.value = "";
}
