"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { createAdminUserAction, updateAdminUserAction, type AdminUserFormInput } from "@/lib/admin-users/actions";
import { actionMessage } from "@/components/admin/action-message";
import { AdminField } from "@/components/admin/admin-field";
import { DialogActions } from "@/components/admin/dialog-actions";
import { useFormDialog } from "@/components/admin/use-form-dialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import type { AdminUserDTO } from "@/lib/admin-users/service";
import { MIN_PASSWORD } from "@/lib/auth/schemas";
import { PASSWORDS_DIFFER_MESSAGE } from "@/lib/admin-users/schemas";

/** `user` null = create; otherwise edit that admin. */
export type UserDialogState = { mode: "create" } | { mode: "edit"; user: AdminUserDTO } | null;

/** Create or edit an admin: username, email, password (optional on edit) and its confirmation. */
export function UserDialog({ state, onOpenChange }: { state: UserDialogState; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={state !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        {state && <UserForm key={state.mode === "edit" ? state.user.id : "new"} user={state.mode === "edit" ? state.user : null} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function UserForm({ user, onDone }: { user: AdminUserDTO | null; onDone: () => void }) {
  const [username, setUsername] = useState(user?.username ?? "");
  const [email, setEmail] = useState(user?.email ?? "");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const editing = user !== null;
  const fallback = editing ? "Failed to update user." : "Failed to create user.";
  const {
    pending,
    errors: fields,
    formProps,
  } = useFormDialog({
    read: () => ((password || confirmPassword) && password !== confirmPassword ? { errors: { confirmPassword: PASSWORDS_DIFFER_MESSAGE } } : { input: { username, email, password, confirmPassword } }),
    save: (input: AdminUserFormInput) => (editing ? updateAdminUserAction({ id: user.id, ...input }) : createAdminUserAction(input)),
    onSaved: (saved) => toast.success(editing ? "User updated successfully." : "User created successfully.", { description: `${saved.username} (${saved.email})` }),
    onRefused: (result) => toast.error(actionMessage(result, fallback)),
    onDone,
    logLabel: "Saving admin user",
  });

  return (
    <form {...formProps} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{editing ? "Edit User" : "Add User"}</DialogTitle>
        <DialogDescription>
          {editing ? "Change this admin's details. Leave the password blank to keep the current one." : "Create a new admin account. Every admin can manage the whole shop."}
        </DialogDescription>
      </DialogHeader>
      <AdminField id="user-username" label="Username" error={fields.username}>
        {(aria) => <Input {...aria} value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" required maxLength={50} />}
      </AdminField>
      <AdminField id="user-email" label="Email" error={fields.email}>
        {(aria) => <Input {...aria} value={email} onChange={(e) => setEmail(e.target.value)} type="email" inputMode="email" autoComplete="off" required />}
      </AdminField>
      <AdminField
        id="user-password"
        label={editing ? "New password" : "Password"}
        error={fields.password}
        description={editing ? "Optional. Leave blank to keep the current password." : `At least ${MIN_PASSWORD} characters.`}
      >
        {(aria) => <Input {...aria} value={password} onChange={(e) => setPassword(e.target.value)} type="password" autoComplete="new-password" required={!editing} />}
      </AdminField>
      <AdminField id="user-confirm-password" label={editing ? "Confirm new password" : "Confirm password"} error={fields.confirmPassword}>
        {(aria) => <Input {...aria} value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} type="password" autoComplete="new-password" required={!editing} />}
      </AdminField>
      <DialogActions actionLabel={editing ? "Save Changes" : "Create User"} pending={pending} />
    </form>
  );
}
