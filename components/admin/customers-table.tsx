"use client";

import { useState } from "react";
import { Pencil } from "lucide-react";
import { deleteCustomerAction } from "@/lib/customers/actions";
import { runWithToast } from "@/components/admin/action-message";
import { AdminTable, EmptyRow, Td } from "@/components/admin/admin-table";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { DeleteTriggerButton } from "@/components/admin/delete-trigger-button";
import { CustomerEditDialog } from "@/components/admin/customer-edit-dialog";
import { useAdminTimeZone } from "@/components/admin/time-zone";
import { formatDate, fullName } from "@/components/admin/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { CustomerDTO } from "@/lib/customers/service";

const DELETE_FAILED = "Failed to delete customer.";

/** Deletes after confirmation (refused for customers with orders); the dialog closes either way and a toast says what happened. */
async function removeCustomer(customer: CustomerDTO): Promise<void> {
  await runWithToast(() => deleteCustomerAction({ id: customer.id }), {
    success: { title: "Customer Deleted", description: `${customer.email} has been deleted.` },
    failure: DELETE_FAILED,
    failureTitle: "Deletion Failed",
    logLabel: "Customer delete",
  });
}

/** Customers: name, email, orders, newsletter, joined; edit and delete. */
export function CustomersTable({ customers }: { customers: CustomerDTO[] }) {
  const timeZone = useAdminTimeZone();
  const [editing, setEditing] = useState<CustomerDTO | null>(null);
  return (
    <>
      <AdminTable
        caption="Customers"
        minWidth="sm:min-w-[50rem]"
        cards
        columns={["Name", "Email", { label: "Orders", className: "text-right" }, "Newsletter", "Joined", { label: "Actions", className: "text-right" }]}
      >
        <tbody>
          {customers.length === 0 && <EmptyRow colSpan={6}>No customers yet. They appear here after their first order or newsletter sign-up.</EmptyRow>}
          {customers.map((customer) => {
            const name = fullName(customer.firstName, customer.lastName);
            const label = name === "—" ? customer.email : name;
            return (
              <tr key={customer.id} className="hover:bg-muted/30" data-testid="customer-row" data-email={customer.email}>
                <Td label="Name" className="font-medium">
                  {name}
                </Td>
                <Td label="Email" className="break-all">
                  <span className="min-w-0 flex-1">{customer.email}</span>
                </Td>
                <Td label="Orders" className="text-right tabular-nums">
                  {customer.orderCount}
                </Td>
                <Td label="Newsletter">{customer.newsletterSubscribed ? <Badge variant="secondary">Subscribed</Badge> : <span className="text-muted-foreground">—</span>}</Td>
                <Td label="Joined" className="whitespace-nowrap">
                  {formatDate(customer.createdAt, timeZone)}
                </Td>
                <Td className="max-sm:pt-2">
                  <div className="flex justify-end gap-1 max-sm:justify-start">
                    <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(customer)} aria-label={`Edit ${label}`}>
                      <Pencil aria-hidden="true" />
                      Edit
                    </Button>
                    <ConfirmDialog
                      title="Delete this customer?"
                      description={
                        customer.orderCount > 0
                          ? `${label} has ${customer.orderCount} ${customer.orderCount === 1 ? "order" : "orders"}. Customers who have orders cannot be deleted.`
                          : `${label} will be permanently deleted. This cannot be undone.`
                      }
                      confirmLabel="Delete Customer"
                      onConfirm={() => removeCustomer(customer)}
                      trigger={<DeleteTriggerButton label={label} />}
                    />
                  </div>
                </Td>
              </tr>
            );
          })}
        </tbody>
      </AdminTable>
      <CustomerEditDialog customer={editing} onOpenChange={(open) => !open && setEditing(null)} />
    </>
  );
}
