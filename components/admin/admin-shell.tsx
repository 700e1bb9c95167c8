import { AdminBrand } from "@/components/admin/admin-brand";
import { AdminMobileNav } from "@/components/admin/admin-mobile-nav";
import { AdminNav } from "@/components/admin/admin-nav";
import { SkipLink } from "@/components/layout/skip-link";

/** Admin frame: a fixed sidebar on desktop, a top bar with a slide-out menu on smaller screens. */
export function AdminShell({ adminName, children }: { adminName: string; children: React.ReactNode }) {
  return (
    <div className="min-h-dvh bg-muted/40">
      <SkipLink />
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-60 flex-col border-r bg-background lg:flex">
        <div className="border-b px-5 py-4">
          <AdminBrand />
        </div>
        <nav aria-label="Admin" className="flex flex-1 flex-col overflow-y-auto p-3">
          <AdminNav />
        </nav>
        <p className="truncate border-t px-5 py-3 text-xs text-muted-foreground" title={adminName}>
          Signed in as <span className="font-medium text-foreground">{adminName}</span>
        </p>
      </aside>
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur lg:hidden">
        <AdminMobileNav />
        <AdminBrand />
      </header>
      <main id="main" tabIndex={-1} className="px-4 py-6 focus:outline-none sm:px-6 lg:ml-60 lg:px-8 lg:py-8">
        <div className="mx-auto max-w-7xl">{children}</div>
      </main>
    </div>
  );
}
