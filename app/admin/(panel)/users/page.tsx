import type { Metadata } from "next";
import { UsersTable } from "@/components/admin/users-table";
import { listAdminUsers } from "@/lib/admin-users/service";
import { requireAdminPage } from "@/lib/auth/guard";

export const metadata: Metadata = { title: "Users" };

export default async function AdminUsersPage() {
  const admin = await requireAdminPage();
  const users = await listAdminUsers();
  return <UsersTable users={users} currentAdminId={admin.id} />;
}
