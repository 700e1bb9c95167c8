"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@/components/forms/zod-resolver";
import { ArrowLeft, Mail } from "lucide-react";
import { toast } from "@/components/ui/toast";
import { AuthEmailField, AuthSubmitButton } from "@/components/admin/auth-form-parts";
import { Button } from "@/components/ui/button";
import { forgotPasswordSchema } from "@/lib/auth/schemas";
import { readMessage } from "@/components/admin/read-message";

/** 'Forgot your password?' mode: asks for the email and POSTs /api/admin/forgot-password. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const res = await fetch("/api/admin/forgot-password", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email }),
      });
      const message = await readMessage(res);
      if (!res.ok) {
        toast.error("Error", { description: message || "Failed to send password reset" });
        return;
      }
      toast.success("Password Reset Sent", { description: message });
      onBack();
    } catch (error) {
      console.error("Forgot password failed", error);
      toast.error("Error", { description: "Failed to send password reset" });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={isSubmitting} className="flex flex-col gap-5">
      <p className="text-sm text-muted-foreground">Enter the email address of your admin account and we&apos;ll send you a link to set a new password.</p>
      <AuthEmailField id="forgot-email" error={errors.email?.message} field={register("email")} />
      <AuthSubmitButton busy={isSubmitting} icon={<Mail aria-hidden="true" />} busyLabel="Sending...">
        Send Reset Link
      </AuthSubmitButton>
      <Button type="button" variant="ghost" className="self-center" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        Back to login
      </Button>
    </form>
  );
}
