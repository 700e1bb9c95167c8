import { Button } from "@/components/ui/button";
import { clsx as cn } from "clsx";

/** A shopper's form's last lines: why sending failed (an alert), then its Send button, "Sending..." while it goes. */
export function SendFooter({
  failure,
  failureTestId,
  submitting,
  label,
  buttonClassName,
}: {
  failure: string | null;
  failureTestId: string;
  submitting: boolean;
  label: string;
  buttonClassName?: string;
}) {
  return (
    <>
      {failure && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive" data-testid={failureTestId}>
          {failure}
        </p>
      )}

      <div>
        <Button type="submit" size="lg" disabled={submitting} className={cn("h-11", buttonClassName)}>
          {submitting ? "Sending..." : label}
        </Button>
      </div>
    </>
  );
}
