"use client";

import { useState } from "react";
import { DialogActions } from "@/components/admin/dialog-actions";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";

type ConfirmDialogProps = {
  title: string;
  description: React.ReactNode;
  /** Label of the confirming button, e.g. "Delete". */
  confirmLabel: string;
  /**
   * Runs when confirmed; the dialog stays open (button disabled) while it is pending.
   * Return `false` to keep the dialog open afterwards (e.g. the server refused); anything else closes it.
   */
  onConfirm: () => unknown | Promise<unknown>;
  /** The element that opens the dialog (rendered with asChild, so pass a Button). */
  trigger: React.ReactNode;
  cancelLabel?: string;
  /** Red confirm button (default) or the primary colour. */
  destructive?: boolean;
};

/** "Are you sure?" dialog for deletes and other irreversible admin actions. */
export function ConfirmDialog({ title, description, confirmLabel, onConfirm, trigger, cancelLabel = "Cancel", destructive = true }: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    try {
      const result = await onConfirm();
      if (result !== false) setOpen(false);
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent role="alertdialog" className="sm:max-w-md" showCloseButton={!pending}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogActions actionLabel={confirmLabel} cancelLabel={cancelLabel} destructive={destructive} pending={pending} onAction={confirm} />
      </DialogContent>
    </Dialog>
  );
}
