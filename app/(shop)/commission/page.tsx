import type { Metadata } from "next";
import Link from "next/link";
import { CommissionForm } from "@/components/commissions/lazy-commission-form";
import { TitledSection } from "@/components/content/titled-section";
import { productForCommission } from "@/lib/commissions/queries";
import { pageMetadata } from "@/lib/seo/metadata";
import { site } from "@/lib/site";

export const metadata: Metadata = pageMetadata({
  title: "Commission a piece",
  description: `Ask ${site.maker} for a piece made for you: a bowl in your wood, a table to your size, a jig for your tool. Describe it, add photos, get a quote.`,
  path: "/commission",
});

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Commission a piece: how custom work goes, and the request form. */
export default async function CommissionPage(props: Props) {
  const product = await productForCommission((await props.searchParams).product);
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wider text-primary uppercase">Custom work</p>
        <h1 className="mt-3 text-4xl font-semibold sm:text-5xl">Commission a piece</h1>
        <p className="mt-4 text-lg leading-relaxed text-muted-foreground">
          A bowl from the walnut in your yard, a table to fit your room, a jig for the tool nobody prints for: tell me what you have in mind. I reply within two working days, with questions or a
          quote.
        </p>
      </header>

      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)]">
        <section aria-labelledby="how-title" className="text-sm leading-relaxed">
          <h2 id="how-title" className="font-sans text-base font-semibold">
            How it works
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-muted-foreground">
            <li>You describe the piece; photos and sketches help.</li>
            <li>I reply by email with questions, then a quote: price, shipping and how long it takes.</li>
            <li>You accept it; I make the piece and send you the tracking number.</li>
          </ol>
          <p className="mt-4 text-muted-foreground">
            Custom work is made for you and cannot be returned (see the{" "}
            <Link href="/terms" className="font-medium text-primary underline-offset-4 hover:underline">
              terms
            </Link>
            ). A simple question? The{" "}
            <Link href="/contact" className="font-medium text-primary underline-offset-4 hover:underline">
              contact form
            </Link>{" "}
            is quicker.
          </p>
        </section>

        <TitledSection id="commission-form-title" title="Your request" className="rounded-xl border bg-card p-6 shadow-xs sm:p-8">
          {product ? (
            <p className="mt-1 mb-6 text-sm text-muted-foreground" data-testid="commission-like">
              Like{" "}
              <Link href={`/product/${product.slug}`} className="font-medium text-primary underline-offset-4 hover:underline">
                {product.name}
              </Link>
              , made for you.
            </p>
          ) : (
            <p className="mt-1 mb-6 text-sm text-muted-foreground">Material, size, date and photos are optional.</p>
          )}
          <CommissionForm product={product ? { id: product.id, name: product.name } : null} />
        </TitledSection>
      </div>
    </div>
  );
}
