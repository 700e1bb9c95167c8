import type { Metadata } from "next";
import { OrderStatusLookup } from "@/components/orders/order-status-lookup";

export const metadata: Metadata = {
  title: "Track your order",
  description: "Enter your order number and the email you used at checkout to see where your order is.",
  robots: { index: false, follow: false },
  alternates: { canonical: "/order-status" },
};

/** Public "Track your order": order number + checkout email → status, milestones and the tracking link. */
export default async function OrderStatusPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const order = (await searchParams).order;
  const initial = typeof order === "string" ? order.slice(0, 100) : "";
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 md:py-16">
      <h1 className="text-3xl font-semibold sm:text-4xl">Track your order</h1>
      <p className="mt-3 text-muted-foreground">Enter your order number (it is in your confirmation email) and the email address you used at checkout.</p>
      <OrderStatusLookup initialOrderNumber={initial} />
    </div>
  );
}
