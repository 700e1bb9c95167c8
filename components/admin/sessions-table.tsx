"use client";

import { useRouter } from "next/navigation";
import { signOut } from "next-auth/react";
import { LogOut } from "lucide-react";
import { runWithToast } from "@/components/admin/action-message";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { AdminTable, EmptyRow, Td } from "@/components/admin/admin-table";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { formatDateTime } from "@/components/admin/format";
import { useAdminTimeZone } from "@/components/admin/time-zone";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { endSessionAction, signOutEverywhereAction } from "@/lib/admin-users/session-actions";
import type { AdminSessionView } from "@/lib/auth/session-service";

/** Back to the sign-in once the session in use has ended (its cookie is cleared there too). */
const toSignIn = () => signOut({ callbackUrl: "/admin/login" });

/** Sessions screen: the signed-in admin's browsers and API tokens, each with End; Sign out everywhere ends them all. */
export function SessionsTable({ sessions }: { sessions: AdminSessionView[] }) {
  const timeZone = useAdminTimeZone();
  const router = useRouter();

  async function end(session: AdminSessionView) {
    let current = false;
    const ok = await runWithToast(
      async () => {
        const result = await endSessionAction({ id: session.id });
        if (result.ok) current = result.data.current;
        return result;
      },
      { success: { title: "Session ended.", description: `${session.device} is signed out.` }, failure: "Failed to end the session.", logLabel: "Session end" },
    );
    if (ok && current) await toSignIn();
    else if (ok) router.refresh();
  }

  async function endAll() {
    const ok = await runWithToast(() => signOutEverywhereAction(), {
      success: { title: "Signed out everywhere.", description: "Every session and API token of your account has ended." },
      failure: "Failed to sign out everywhere.",
      logLabel: "Sign out everywhere",
    });
    if (ok) await toSignIn();
  }

  return (
    <>
      <AdminPageHeader
        title="Sessions"
        description="Where your account is signed in: browsers and API tokens. Logout ends only the session it is pressed in; end any other here."
        actions={
          <ConfirmDialog
            title="Sign out everywhere?"
            description="Every browser and API token signed in to your account is signed out, this one included. You sign in again with your password."
            confirmLabel="Sign Out Everywhere"
            onConfirm={endAll}
            trigger={
              <Button type="button" variant="outline">
                <LogOut aria-hidden="true" />
                Sign Out Everywhere
              </Button>
            }
          />
        }
      />
      <AdminTable caption="Your sessions" minWidth="sm:min-w-[40rem]" cards columns={["Device", "Signed in from", "Signed in", "Last seen", { label: "Actions", className: "text-right" }]}>
        <tbody>
          {sessions.length === 0 && <EmptyRow colSpan={5}>No sessions.</EmptyRow>}
          {sessions.map((session) => (
            <tr key={session.id} className="hover:bg-muted/30" data-testid="session-row" data-kind={session.kind} data-current={session.current || undefined}>
              <Td label="Device" className="font-medium">
                <span className="inline-flex flex-wrap items-center gap-2">
                  {session.device}
                  {session.current && <Badge variant="secondary">This session</Badge>}
                </span>
              </Td>
              <Td label="Signed in from" className="break-all">
                {session.ipAddress ?? "Unknown"}
              </Td>
              <Td label="Signed in" className="whitespace-nowrap">
                {formatDateTime(session.createdAt, timeZone)}
              </Td>
              <Td label="Last seen" className="whitespace-nowrap">
                {formatDateTime(session.lastSeenAt, timeZone)}
              </Td>
              <Td>
                <div className="flex justify-end">
                  <ConfirmDialog
                    title={session.current ? "End the session you are using?" : "End this session?"}
                    description={
                      session.current
                        ? "This is the session you are using: you will be signed out here."
                        : `${session.device}${session.ipAddress ? ` (${session.ipAddress})` : ""} will be signed out at its next request.`
                    }
                    confirmLabel="End Session"
                    onConfirm={() => end(session)}
                    trigger={
                      <Button type="button" variant="ghost" size="sm" aria-label={`End the session of ${session.device}, last seen ${formatDateTime(session.lastSeenAt, timeZone)}`}>
                        End
                      </Button>
                    }
                  />
                </div>
              </Td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
    </>
  );
}
