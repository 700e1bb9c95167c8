import { AdminShell } from "@/components/admin/admin-shell";
import { requireAdminPage } from "@/lib/auth/guard";

/** Every guarded admin screen: a current admin (a deleted one or no session → /admin/login) and the shell. */
export default async function AdminPanelLayout({ children }: { children: React.ReactNode }) {
  const admin = await requireAdminPage();
  return <AdminShell adminName={admin.username}>{children}</AdminShell>;
}
