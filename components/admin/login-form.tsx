"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@/components/forms/zod-resolver";
import { signIn } from "next-auth/react";
import { LogIn } from "lucide-react";
import { AdminField, AdminFormAlert } from "@/components/admin/admin-field";
import { AuthEmailField, AuthSubmitButton } from "@/components/admin/auth-form-parts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { loginSchema } from "@/lib/auth/schemas";

/** Email + password through next-auth's credentials provider; a failure shows the server's message inline. */
export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    let message: string | null = null;
    try {
      const result = await signIn("credentials", { email, password, redirect: false });
      if (result?.ok && !result.error) {
        setRedirecting(true);
        router.replace("/admin/dashboard");
        router.refresh();
        return;
      }
      message = result?.error && result.error !== "CredentialsSignin" ? result.error : null;
    } catch (error) {
      console.error("Sign-in failed", error);
    }
    setFailure(message || "Login failed");
  });

  const busy = isSubmitting || redirecting;

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy} className="flex flex-col gap-5">
      {failure && <AdminFormAlert>{failure}</AdminFormAlert>}
      <AuthEmailField id="login-email" error={errors.email?.message} field={register("email")} />
      <AdminField id="login-password" label="Password" error={errors.password?.message}>
        {(aria) => <Input {...aria} {...register("password")} type="password" autoComplete="current-password" className="h-10" />}
      </AdminField>
      <AuthSubmitButton busy={busy} icon={<LogIn aria-hidden="true" />} busyLabel="Signing in...">
        Sign In
      </AuthSubmitButton>
      <Button type="button" variant="link" className="self-center" onClick={onForgotPassword}>
        Forgot your password?
      </Button>
    </form>
  );
}
