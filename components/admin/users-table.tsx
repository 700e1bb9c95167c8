"use client";

import { useState } from "react";
import { Pencil, UserPlus } from "lucide-react";
import { deleteAdminUserAction } from "@/lib/admin-users/actions";
import { runWithToast } from "@/components/admin/action-message";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { AdminTable, EmptyRow, Td } from "@/components/admin/admin-table";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { DeleteTriggerButton } from "@/components/admin/delete-trigger-button";
import { useAdminTimeZone } from "@/components/admin/time-zone";
import { formatDate } from "@/components/admin/format";
import { UserDialog, type UserDialogState } from "@/components/admin/user-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { AdminUserDTO } from "@/lib/admin-users/service";

const DELETE_FAILED = "Failed to delete user.";

/** Deletes after confirmation (the server refuses your own account and the last admin); the toast says what happened. */
async function removeUser(user: AdminUserDTO): Promise<void> {
  await runWithToast(() => deleteAdminUserAction({ id: user.id }), {
    success: { title: "User deleted successfully.", description: `${user.username} no longer has admin access.` },
    failure: DELETE_FAILED,
    logLabel: "Admin user delete",
  });
}

/** Users screen body: header with Add User, the admins table, the create/edit dialog. */
export function UsersTable({ users, currentAdminId }: { users: AdminUserDTO[]; currentAdminId: number }) {
  const timeZone = useAdminTimeZone();
  const [dialog, setDialog] = useState<UserDialogState>(null);
  return (
    <>
      <AdminPageHeader
        title="Users"
        description="Admin accounts that can sign in and manage the shop."
        actions={
          <Button type="button" onClick={() => setDialog({ mode: "create" })}>
            <UserPlus aria-hidden="true" />
            Add User
          </Button>
        }
      />
      <AdminTable caption="Admin users" minWidth="min-w-[40rem]" columns={["Username", "Email", "Created", { label: "Actions", className: "text-right" }]}>
        <tbody>
          {users.length === 0 && <EmptyRow colSpan={4}>No admin users.</EmptyRow>}
          {users.map((user) => (
            <tr key={user.id} className="hover:bg-muted/30" data-testid="user-row" data-email={user.email}>
              <Td className="font-medium">
                <span className="inline-flex items-center gap-2">
                  {user.username}
                  {user.id === currentAdminId && <Badge variant="secondary">You</Badge>}
                </span>
              </Td>
              <Td className="break-all">{user.email}</Td>
              <Td className="whitespace-nowrap">{formatDate(user.createdAt, timeZone)}</Td>
              <Td>
                <div className="flex justify-end gap-1">
                  <Button type="button" variant="ghost" size="sm" onClick={() => setDialog({ mode: "edit", user })} aria-label={`Edit ${user.username}`}>
                    <Pencil aria-hidden="true" />
                    Edit
                  </Button>
                  <ConfirmDialog
                    title="Delete this admin user?"
                    description={`${user.username} (${user.email}) will lose access to the admin area at once. This cannot be undone.`}
                    confirmLabel="Delete User"
                    onConfirm={() => removeUser(user)}
                    trigger={<DeleteTriggerButton label={user.username} />}
                  />
                </div>
              </Td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
      <UserDialog state={dialog} onOpenChange={(open) => !open && setDialog(null)} />
    </>
  );
}
