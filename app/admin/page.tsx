import type { Metadata } from "next";
import { LoginScreen } from "@/components/admin/login-screen";
import { currentAdmin } from "@/lib/auth/guard";

export const metadata: Metadata = { title: "Admin Login" };

/** /admin shows the login too (spec §2); a signed-in admin is sent on to the dashboard. */
export default async function AdminIndexPage() {
  const admin = await currentAdmin();
  return <LoginScreen signedIn={Boolean(admin)} />;
}
