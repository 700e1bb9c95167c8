import type { Metadata } from "next";
import { SessionsTable } from "@/components/admin/sessions-table";
import { requireAdminPage } from "@/lib/auth/guard";
import { listAdminSessions } from "@/lib/auth/session-service";

export const metadata: Metadata = { title: "Sessions" };

/** The signed-in admin's live sessions and API tokens: end any one, or sign out everywhere. */
export default async function AdminSessionsPage() {
  const admin = await requireAdminPage();
  return <SessionsTable sessions={await listAdminSessions(admin.id, admin.sessionId)} />;
}
