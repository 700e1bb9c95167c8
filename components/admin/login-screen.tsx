"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { Loader2 } from "lucide-react";
import { AuthCard } from "@/components/admin/auth-card";
import { ForgotPasswordForm } from "@/components/admin/forgot-password-form";
import { LoginForm } from "@/components/admin/login-form";

/** Spec §9: an admin who is already signed in goes on to the dashboard after 100 ms. */
export const LOGIN_REDIRECT_DELAY_MS = 100;

/** /admin and /admin/login: the sign-in card with its 'Forgot your password?' mode. */
export function LoginScreen({ signedIn }: { signedIn: boolean }) {
  const router = useRouter();
  const [mode, setMode] = useState<"login" | "forgot">("login");

  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => router.replace("/admin/dashboard"), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedIn, router]);

  return (
    <AuthCard
      title={signedIn ? "Admin Login" : mode === "login" ? "Admin Login" : "Forgot your password?"}
      description={signedIn ? undefined : mode === "login" ? "Sign in to manage the shop." : undefined}
    >
      {signedIn ? (
        <p role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          Redirecting to dashboard…
        </p>
      ) : mode === "login" ? (
        <LoginForm onForgotPassword={() => setMode("forgot")} />
      ) : (
        <ForgotPasswordForm onBack={() => setMode("login")} />
      )}
    </AuthCard>
  );
}
