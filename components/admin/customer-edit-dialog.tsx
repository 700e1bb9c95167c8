"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { updateCustomerAction } from "@/lib/customers/actions";
import { AdminField } from "@/components/admin/admin-field";
import { fullName } from "@/components/admin/format";
import { DialogActions } from "@/components/admin/dialog-actions";
import { useFormDialog } from "@/components/admin/use-form-dialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import type { CustomerDTO } from "@/lib/customers/service";

const FAILED = "Failed to update customer information.";

/** Edit a customer's name and newsletter flag; the email is shown read-only. */
export function CustomerEditDialog({ customer, onOpenChange }: { customer: CustomerDTO | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={customer !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">{customer && <CustomerEditForm key={customer.id} customer={customer} onDone={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  );
}

function CustomerEditForm({ customer, onDone }: { customer: CustomerDTO; onDone: () => void }) {
  const [firstName, setFirstName] = useState(customer.firstName ?? "");
  const [lastName, setLastName] = useState(customer.lastName ?? "");
  const [newsletterSubscribed, setNewsletter] = useState(customer.newsletterSubscribed);
  const {
    pending,
    errors: fields,
    formProps,
  } = useFormDialog({
    read: () => ({ input: { id: customer.id, firstName, lastName, newsletterSubscribed } }),
    save: updateCustomerAction,
    onSaved: (saved) => toast.success("Customer Updated", { description: `${fullName(saved.firstName, saved.lastName, saved.email)} has been updated.` }),
    onRefused: () => toast.error("Update Failed", { description: FAILED }),
    onDone,
    logLabel: "Customer update",
  });

  return (
    <form {...formProps} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Edit Customer</DialogTitle>
        <DialogDescription>Update the customer&apos;s name and newsletter subscription.</DialogDescription>
      </DialogHeader>
      <AdminField id="customer-email" label="Email" description="The email address cannot be changed.">
        {(aria) => <Input {...aria} value={customer.email} readOnly className="bg-muted/60 text-muted-foreground" />}
      </AdminField>
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminField id="customer-first-name" label="First name" error={fields.firstName}>
          {(aria) => <Input {...aria} value={firstName} onChange={(e) => setFirstName(e.target.value)} autoComplete="off" maxLength={100} />}
        </AdminField>
        <AdminField id="customer-last-name" label="Last name" error={fields.lastName}>
          {(aria) => <Input {...aria} value={lastName} onChange={(e) => setLastName(e.target.value)} autoComplete="off" maxLength={100} />}
        </AdminField>
      </div>
      <label htmlFor="customer-newsletter" className="flex cursor-pointer items-start gap-3 rounded-lg border p-3">
        <input
          id="customer-newsletter"
          type="checkbox"
          checked={newsletterSubscribed}
          onChange={(e) => setNewsletter(e.target.checked)}
          className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        />
        <span className="grid gap-0.5">
          <span className="text-sm font-medium">Subscribed to the newsletter</span>
          <span className="text-xs text-muted-foreground">Untick to unsubscribe this customer.</span>
        </span>
      </label>
      <DialogActions actionLabel="Save Changes" pending={pending} />
    </form>
  );
}
