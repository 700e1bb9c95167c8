"use client";

import { useState } from "react";
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";

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
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={pending}>
              {cancelLabel}
            </Button>
          </DialogClose>
          <Button type="button" variant={destructive ? "destructive" : "default"} disabled={pending} onClick={confirm}>
            {pending && <Loader2 aria-hidden="true" className="animate-spin" />}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
