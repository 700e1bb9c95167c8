"use client";

import { useState } from "react";
import Link from "next/link";
import { AuthCard } from "@/components/admin/auth-card";
import { ResetPasswordForm } from "@/components/admin/reset-password-form";
import { Button } from "@/components/ui/button";

/** A card that says what happened, with one way on: the login page. */
function LoginLinkCard({ title, description, label }: { title: string; description: string; label: string }) {
  return (
    <AuthCard title={title} description={description}>
      <Button asChild size="lg" className="h-11 w-full">
        <Link href="/admin/login">{label}</Link>
      </Button>
    </AuthCard>
  );
}

/** No token: 'Invalid Reset Link'. With a token: the new-password form, then 'Go to Login'. */
export function ResetPasswordScreen({ token }: { token: string | null }) {
  const [done, setDone] = useState(false);

  if (!token) return <LoginLinkCard title="Invalid Reset Link" description="This password reset link is missing its token. Request a new link from the login page." label="Return to Login" />;
  if (done) return <LoginLinkCard title="Password Reset Successful" description="Your password has been updated. You can now log in with your new password." label="Go to Login" />;

  return (
    <AuthCard title="Set a New Password" description="Choose a new password for your admin account.">
      <ResetPasswordForm token={token} onDone={() => setDone(true)} />
    </AuthCard>
  );
}
