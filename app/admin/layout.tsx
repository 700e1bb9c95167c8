import type { Metadata } from "next";
import { UploadsAvailabilityProvider } from "@/components/admin/uploads-availability";
import { LoadToaster } from "@/components/ui/sonner";
import { uploadsUnavailableReason } from "@/lib/storage/availability";
import { site } from "@/lib/site";

/** The admin area: its own frame (no storefront header or footer) and never indexed. */
export const metadata: Metadata = {
  title: { default: `Admin | ${site.name}`, template: `%s | ${site.name} Admin` },
  robots: { index: false, follow: false, nocache: true, googleBot: { index: false, follow: false } },
};

export default function AdminRootLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-dvh bg-muted/40">
      <UploadsAvailabilityProvider reason={uploadsUnavailableReason()}>{children}</UploadsAvailabilityProvider>
      <LoadToaster />
    </div>
  );
}
