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
