import type { Metadata } from "next";
import { ResetPasswordScreen } from "@/components/admin/reset-password-screen";

export const metadata: Metadata = { title: "Reset Password" };

/** /admin/reset-password?token=…: the link from the reset email. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  return <ResetPasswordScreen token={typeof token === "string" && token.trim() ? token.trim() : null} />;
}
