"use client";

import { useState } from "react";
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { CARRIERS, shipmentSchema, type Shipment } from "@/lib/orders/shipping";

/**
 * "Mark shipped": asks for the carrier and the tracking number (checked
 * against the carrier's format, the same rule the server applies).
 */
export function ShipOrderDialog({
  orderNumber,
  open,
  onOpenChange,
  onShip,
}: {
  orderNumber: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onShip: (shipment: Shipment) => Promise<boolean>;
}) {
  const [carrier, setCarrier] = useState<string>("USPS");
  const [trackingNumber, setTrackingNumber] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = shipmentSchema.safeParse({ carrier, trackingNumber });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Check the tracking number");
      return;
    }
    setError(null);
    setPending(true);
    try {
      if (await onShip(parsed.data)) onOpenChange(false);
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Mark order shipped</DialogTitle>
            <DialogDescription>
              Order <span className="font-mono">{orderNumber}</span>. The shopper gets an email with the tracking link.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="ship-carrier">Carrier</Label>
            <NativeSelect id="ship-carrier" value={carrier} onChange={(e) => setCarrier(e.target.value)}>
              {CARRIERS.map((c) => (
                <option key={c} value={c}>
                  {c === "other" ? "Other" : c}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="ship-tracking">Tracking number</Label>
            <Input
              id="ship-tracking"
              value={trackingNumber}
              onChange={(e) => {
                setTrackingNumber(e.target.value);
                setError(null);
              }}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "ship-tracking-error" : undefined}
              className="font-mono"
            />
            {error && (
              <p id="ship-tracking-error" role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
              Mark shipped
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
