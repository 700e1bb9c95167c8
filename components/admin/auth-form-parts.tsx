import { Loader2 } from "lucide-react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { AdminField } from "@/components/admin/admin-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/** The admin account's email field of the sign-in and forgot-password forms (focused first). */
export function AuthEmailField({ id, error, field }: { id: string; error?: string; field: UseFormRegisterReturn }) {
  return (
    <AdminField id={id} label="Email" error={error}>
      {(aria) => <Input {...aria} {...field} type="email" autoComplete="username" inputMode="email" placeholder="you@example.com" className="h-10" autoFocus />}
    </AdminField>
  );
}

/** The full-width submit button of the admin's sign-in forms: a spinner and `busyLabel` while the request runs. */
export function AuthSubmitButton({ busy, icon, busyLabel, children }: { busy: boolean; icon: React.ReactNode; busyLabel: string; children: React.ReactNode }) {
  return (
    <Button type="submit" size="lg" disabled={busy} className="h-11 w-full">
      {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : icon}
      {busy ? busyLabel : children}
    </Button>
  );
}
