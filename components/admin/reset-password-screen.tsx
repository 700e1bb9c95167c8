"use client";

import { useState } from "react";
import Link from "next/link";
import { AuthCard } from "@/components/admin/auth-card";
import { ResetPasswordForm } from "@/components/admin/reset-password-form";
import { Button } from "@/components/ui/button";

/** No token: 'Invalid Reset Link'. With a token: the new-password form, then 'Go to Login'. */
export function ResetPasswordScreen({ token }: { token: string | null }) {
  const [done, setDone] = useState(false);

  if (!token) {
    return (
      <AuthCard title="Invalid Reset Link" description="This password reset link is missing its token. Request a new link from the login page.">
        <Button asChild size="lg" className="h-11 w-full">
          <Link href="/admin/login">Return to Login</Link>
        </Button>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title="Password Reset Successful" description="Your password has been updated. You can now log in with your new password.">
        <Button asChild size="lg" className="h-11 w-full">
          <Link href="/admin/login">Go to Login</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Set a New Password" description="Choose a new password for your admin account.">
      <ResetPasswordForm token={token} onDone={() => setDone(true)} />
    </AuthCard>
  );
}
