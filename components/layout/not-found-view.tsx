import { CtaLinks } from "@/components/layout/cta-links";

/** The body of the storefront's 404 page (spec §2): '404 Page Not Found' and two ways back. */
export function NotFoundView() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:px-6">
      <h1 className="text-4xl font-semibold sm:text-5xl">404 Page Not Found</h1>
      <p className="mt-4 text-lg leading-relaxed text-muted-foreground">This page has wandered off the workbench. The link may be old, or the piece it pointed to may have found a new home.</p>
      <CtaLinks
        className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row"
        primary={{ href: "/shop", label: "Browse the Shop" }}
        secondary={{ href: "/", label: "Back to Home" }}
      />
    </div>
  );
}
