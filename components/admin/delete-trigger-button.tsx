import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";

/** The red "Delete" button that opens a table row's confirmation dialog; `label` names what it deletes for screen readers. */
export function DeleteTriggerButton({ label, ...props }: { label: string } & Omit<React.ComponentProps<typeof Button>, "children">) {
  return (
    <Button type="button" variant="ghost" size="sm" className="text-destructive hover:bg-destructive/10 hover:text-destructive" aria-label={`Delete ${label}`} {...props}>
      <Trash2 aria-hidden="true" />
      Delete
    </Button>
  );
}
