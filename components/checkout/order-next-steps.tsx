"use client";

import Link from "next/link";
import { Icon, type IconName } from "@/components/ui/icon";

/** The order's own lead time when this browser placed it ("Your order ships in 15–20 working days"), else the usual words. */
const nextSteps = (shipsEstimate: string | null): Array<{ icon: IconName; title: string; body: React.ReactNode }> => [
  {
    icon: "hammer",
    title: "Made and packed by hand",
    body: shipsEstimate
      ? `I finish, check and carefully pack your order in the workshop. ${shipsEstimate}.`
      : "I finish, check and carefully pack your order in the workshop, usually within a few working days.",
  },
  { icon: "truck", title: "Shipped with tracking", body: "When it leaves with USPS Ground Advantage, you'll get an email with the tracking number." },
  {
    icon: "message-circle",
    title: "Questions?",
    body: (
      <>
        <Link href="/contact" className="font-medium text-primary underline-offset-4 hover:underline">
          Get in touch
        </Link>{" "}
        and mention your order number: I answer every message myself.
      </>
    ),
  },
];

/** The confirmation page's "What happens next": the order's own lead time when this browser placed it. */
export function OrderNextSteps({ shipsEstimate }: { shipsEstimate: string | null }) {
  return (
    <section aria-labelledby="next-steps-title" className="mt-10 w-full text-left">
      <h2 id="next-steps-title" className="text-2xl font-semibold">
        What happens next
      </h2>
      <ol className="mt-4 grid gap-4">
        {nextSteps(shipsEstimate).map(({ icon, title, body }, i) => (
          <li key={title} className="flex gap-4 rounded-xl border bg-card p-4 shadow-xs">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
              <Icon name={icon} className="size-5" />
            </span>
            <div className="min-w-0 text-sm leading-relaxed">
              <h3 className="font-sans text-base font-semibold">
                <span className="sr-only">Step {i + 1}: </span>
                {title}
              </h3>
              <p className="mt-0.5 text-muted-foreground">{body}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
