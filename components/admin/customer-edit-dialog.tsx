"use client";

import { useState, useTransition } from "react";
import { Loader2 } from "lucide-react";
import { toast } from "@/components/ui/toast";
import { updateCustomerAction } from "@/lib/customers/actions";
import { AdminField } from "@/components/admin/admin-field";
import { fullName } from "@/components/admin/format";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import type { CustomerDTO } from "@/lib/customers/service";

const FAILED = "Failed to update customer information.";

/** Edit a customer's name and newsletter flag; the email is shown read-only. */
export function CustomerEditDialog({ customer, onOpenChange }: { customer: CustomerDTO | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={customer !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        {customer && <CustomerEditForm key={customer.id} customer={customer} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CustomerEditForm({ customer, onDone }: { customer: CustomerDTO; onDone: () => void }) {
  const [firstName, setFirstName] = useState(customer.firstName ?? "");
  const [lastName, setLastName] = useState(customer.lastName ?? "");
  const [newsletterSubscribed, setNewsletter] = useState(customer.newsletterSubscribed);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [pending, startTransition] = useTransition();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    startTransition(async () => {
      try {
        const result = await updateCustomerAction({ id: customer.id, firstName, lastName, newsletterSubscribed });
        if (result.ok) {
          toast.success("Customer Updated", { description: `${fullName(result.data.firstName, result.data.lastName, result.data.email)} has been updated.` });
          onDone();
          return;
        }
        setFields(result.fields ?? {});
      } catch (error) {
        console.error("Customer update failed", error);
      }
      toast.error("Update Failed", { description: FAILED });
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={pending} className="grid gap-4">
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
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending && <Loader2 aria-hidden="true" className="animate-spin" />}
          Save Changes
        </Button>
      </DialogFooter>
    </form>
  );
}
