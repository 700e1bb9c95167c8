"use client";

import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";

type DialogActionsProps = {
  /** The acting button's text, e.g. "Save Changes". */
  actionLabel: string;
  cancelLabel?: string;
  pending: boolean;
  /** A red acting button (e.g. "Cancel order", "Delete"). */
  destructive?: boolean;
  /** Without it the acting button submits the dialog's form; with it, it is a plain button that calls it. */
  onAction?: () => void;
};

/** An admin dialog's buttons: one that closes it without acting, and the action (disabled, with a spinner, while it runs). */
export function DialogActions({ actionLabel, cancelLabel = "Cancel", pending, destructive = false, onAction }: DialogActionsProps) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline" disabled={pending}>
          {cancelLabel}
        </Button>
      </DialogClose>
      <Button type={onAction ? "button" : "submit"} variant={destructive ? "destructive" : "default"} disabled={pending} onClick={onAction}>
        {pending && <Loader2 aria-hidden="true" className="animate-spin" />}
        {actionLabel}
      </Button>
    </DialogFooter>
  );
}

/** A sheet form's buttons (product, category), kept in view at the sheet's foot: Cancel, and the submit (a spinner while it saves). */
export function SheetFormActions({ actionLabel, pending, onCancel }: { actionLabel: string; pending: boolean; onCancel: () => void }) {
  return (
    <div className="sticky bottom-[-1.5rem] z-10 -mx-6 -mb-6 flex justify-end gap-2 border-t bg-background px-6 py-3 sm:py-4">
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending} className="flex-1 sm:flex-none">
        Cancel
      </Button>
      <Button type="submit" disabled={pending} className="flex-1 sm:flex-none">
        {pending && <Loader2 aria-hidden="true" className="animate-spin" />}
        {actionLabel}
      </Button>
    </div>
  );
}
