"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@/components/forms/zod-resolver";
import { KeyRound } from "lucide-react";
import { toast } from "@/components/ui/toast";
import { AdminField } from "@/components/admin/admin-field";
import { readMessage } from "@/components/admin/read-message";
import { AuthSubmitButton } from "@/components/admin/auth-form-parts";
import { Input } from "@/components/ui/input";
import { resetPasswordFormSchema } from "@/lib/auth/schemas";

const FAILED = "Failed to reset password. The link may be expired or invalid.";

/** New password + confirmation → POST /api/admin/reset-password {token, password}. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: "", confirmPassword: "" } });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      const res = await fetch("/api/admin/reset-password", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ token, password }),
      });
      if (!res.ok) {
        toast.error("Reset Failed", { description: (await readMessage(res)) || FAILED });
        return;
      }
      toast.success("Password Reset Successful", { description: "Your password has been updated. You can now log in with your new password." });
      onDone();
    } catch (error) {
      console.error("Password reset failed", error);
      toast.error("Reset Failed", { description: FAILED });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={isSubmitting} className="flex flex-col gap-5">
      <AdminField id="reset-password" label="New password" error={errors.password?.message} description="At least 6 characters.">
        {(aria) => <Input {...aria} {...register("password")} type="password" autoComplete="new-password" className="h-10" autoFocus />}
      </AdminField>
      <AdminField id="reset-confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
        {(aria) => <Input {...aria} {...register("confirmPassword")} type="password" autoComplete="new-password" className="h-10" />}
      </AdminField>
      <AuthSubmitButton busy={isSubmitting} icon={<KeyRound aria-hidden="true" />} busyLabel="Resetting...">
        Reset Password
      </AuthSubmitButton>
    </form>
  );
}
