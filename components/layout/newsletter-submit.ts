import { toast } from "@/components/ui/toast";
import { looksLikeEmail } from "@/lib/content/rules";

/**
 * What the footer's newsletter form does when sent (spec §5, §8 newsletter rules and toasts),
 * loaded on first use (components/layout/newsletter-form.tsx): an invalid address is refused
 * with a toast and no request; a subscription clears the field; a failure keeps it.
 */
export async function subscribeFromForm(form: HTMLFormElement): Promise<void> {
  const input = form.elements.namedItem("email") as HTMLInputElement;
  const email = input.value.trim();
  if (!looksLikeEmail(email)) {
    toast.error("Invalid Email", { description: "Please enter a valid email address." });
    return;
  }
  try {
    const res = await fetch("/api/newsletter/subscribe", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    });
    if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
    toast.success("Successfully Subscribed!", { description: "Thank you for subscribing to our newsletter." });
    input.value = "";
  } catch (error) {
    console.error("Newsletter subscription failed", error);
    toast.error("Subscription Failed", { description: "Please try again later." });
  }
}
