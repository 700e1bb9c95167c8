import type { Metadata } from "next";
import { Icon } from "@/components/ui/icon";
import { ContactForm } from "@/components/content/lazy-contact-form";
import { TitledSection } from "@/components/content/titled-section";
import { pageMetadata } from "@/lib/seo/metadata";
import { site } from "@/lib/site";

export const metadata: Metadata = pageMetadata({
  title: "Contact",
  description: `Questions about a piece, a custom order or a jig? Write to ${site.maker} at the ${site.name} workshop in ${site.address.city}, ${site.address.state}.`,
  path: "/contact",
});

const { address } = site;
const telHref = `tel:+1${site.phone.replace(/\D/g, "")}`;

const cards = [
  {
    icon: "map-pin" as const,
    title: "Workshop",
    body: (
      <address className="not-italic">
        {address.line1}, {address.line2}
        <br />
        {address.city}, {address.state} {address.postalCode}
      </address>
    ),
    note: "Visits by appointment: just drop me a line first.",
  },
  {
    icon: "phone" as const,
    title: "Phone",
    body: (
      <a href={telHref} className="font-medium text-primary underline-offset-4 hover:underline">
        {site.phone}
      </a>
    ),
    note: "If I'm at the lathe, leave a message and I'll call you back.",
  },
  {
    icon: "mail" as const,
    title: "Email",
    body: (
      <a href={`mailto:${site.email}`} className="font-medium break-all text-primary underline-offset-4 hover:underline">
        {site.email}
      </a>
    ),
    note: "Best for custom orders: photos and sketches welcome.",
  },
  {
    icon: "clock" as const,
    title: "Hours",
    body: <p>{site.hours}</p>,
    note: "Replies usually within one working day.",
  },
];

export default function ContactPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wider text-primary uppercase">Contact</p>
        <h1 className="mt-3 text-4xl font-semibold sm:text-5xl">Get in touch</h1>
        <p className="mt-4 text-lg leading-relaxed text-muted-foreground">
          Asking about a bowl, planning a custom table or need a jig to fit a tool I haven&apos;t printed for yet? Send a message and it comes straight to me, {site.maker.split(" ")[0]}, not a call
          centre.
        </p>
      </header>

      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)]">
        <ul className="grid content-start gap-4 sm:grid-cols-2 lg:grid-cols-1">
          {cards.map(({ icon, title, body, note }) => (
            <li key={title} className="flex gap-4 rounded-xl border bg-card p-5 shadow-xs">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
                <Icon name={icon} className="size-5" />
              </span>
              <div className="min-w-0 text-sm leading-relaxed">
                <h2 className="font-sans text-base font-semibold">{title}</h2>
                <div className="mt-1">{body}</div>
                <p className="mt-1 text-muted-foreground">{note}</p>
              </div>
            </li>
          ))}
        </ul>

        <TitledSection id="contact-form-title" title="Send a message" className="rounded-xl border bg-card p-6 shadow-xs sm:p-8">
          <p className="mt-1 mb-6 text-sm text-muted-foreground">All fields except phone are required.</p>
          <ContactForm />
        </TitledSection>
      </div>

      <TitledSection id="map-title" title="Find the workshop" className="mt-12">
        <p className="mt-1 text-sm text-muted-foreground">
          {address.line1}, {address.line2}, {address.city}, {address.state} {address.postalCode}: in the old mill buildings by the river.
        </p>
        <div className="mt-4 overflow-hidden rounded-xl border bg-muted shadow-xs">
          <iframe
            src={site.mapEmbedUrl}
            title={`Map showing the ${site.name} workshop at ${address.line1}, ${address.city}`}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            className="block h-[360px] w-full border-0 sm:h-[420px]"
          />
        </div>
      </TitledSection>
    </div>
  );
}
