"use client";

import { useState, useTransition } from "react";
import { Loader2 } from "lucide-react";
import { toast } from "@/components/ui/toast";
import { createAdminUserAction, updateAdminUserAction } from "@/lib/admin-users/actions";
import { actionMessage } from "@/components/admin/action-message";
import { AdminField } from "@/components/admin/admin-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
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
  const [fields, setFields] = useState<Record<string, string>>({});
  const [pending, startTransition] = useTransition();
  const editing = user !== null;
  const fallback = editing ? "Failed to update user." : "Failed to create user.";

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if ((password || confirmPassword) && password !== confirmPassword) {
      setFields({ confirmPassword: PASSWORDS_DIFFER_MESSAGE });
      return;
    }
    setFields({});
    const input = { username, email, password, confirmPassword };
    startTransition(async () => {
      try {
        const result = editing ? await updateAdminUserAction({ id: user.id, ...input }) : await createAdminUserAction(input);
        if (result.ok) {
          toast.success(editing ? "User updated successfully." : "User created successfully.", { description: `${result.data.username} (${result.data.email})` });
          onDone();
          return;
        }
        setFields(result.fields ?? {});
        toast.error(actionMessage(result, fallback));
      } catch (error) {
        console.error("Saving admin user failed", error);
        toast.error(fallback);
      }
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={pending} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{editing ? "Edit User" : "Add User"}</DialogTitle>
        <DialogDescription>{editing ? "Change this admin's details. Leave the password blank to keep the current one." : "Create a new admin account. Every admin can manage the whole shop."}</DialogDescription>
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
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending && <Loader2 aria-hidden="true" className="animate-spin" />}
          {editing ? "Save Changes" : "Create User"}
        </Button>
      </DialogFooter>
    </form>
  );
}
