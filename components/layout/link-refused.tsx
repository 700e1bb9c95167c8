import Link from "next/link";

const LINK = "font-medium text-primary underline-offset-4 hover:underline";

/**
 * What a personal link's page shows instead of its content when the link no longer works
 * (expired, replaced, already used) — the reason, anything `children` adds, and a way on:
 * the contact page, or the shop and the contact page. `settled`: the link's work is done
 * (a paid quote), so the box is calm rather than an error.
 */
export function LinkRefused({
  message,
  testId,
  settled = false,
  wayOn,
  children,
}: {
  message: string;
  testId: string;
  settled?: boolean;
  wayOn: "contact" | "shop-or-contact";
  children?: React.ReactNode;
}) {
  return (
    <div className={settled ? "mt-6 rounded-lg border border-primary/30 bg-accent/40 p-4" : "mt-6 rounded-lg border border-destructive/30 bg-destructive/5 p-4"} data-testid={testId}>
      <p className="font-medium">{message}</p>
      {children}
      {wayOn === "contact" ? (
        <p className="mt-2 text-sm text-muted-foreground">
          <Link href="/contact" className={LINK}>
            Contact us
          </Link>{" "}
          if you need help.
        </p>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">
          <Link href="/shop" className={LINK}>
            Continue shopping
          </Link>{" "}
          or{" "}
          <Link href="/contact" className={LINK}>
            contact us
          </Link>
          .
        </p>
      )}
    </div>
  );
}
