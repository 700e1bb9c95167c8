"use client";

import { useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { CARRIERS, shipmentSchema, type Shipment } from "@/lib/orders/shipping";
import { DialogActions } from "@/components/admin/dialog-actions";
import { useFormDialog } from "@/components/admin/use-form-dialog";

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
  const { pending, errors, clearError, formProps } = useFormDialog({
    read: () => {
      const parsed = shipmentSchema.safeParse({ carrier, trackingNumber });
      return parsed.success ? { input: parsed.data } : { errors: { trackingNumber: parsed.error.issues[0]?.message ?? "Check the tracking number" } };
    },
    save: onShip,
    onDone: () => onOpenChange(false),
    logLabel: "Marking the order shipped",
  });
  const error = errors.trackingNumber;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <form {...formProps} className="grid gap-4">
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
                clearError("trackingNumber");
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
          <DialogActions actionLabel="Mark shipped" pending={pending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
