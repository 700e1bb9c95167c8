import Link from "next/link";
import { listingHref, type ListingQuery } from "@/components/catalog/listing-url";

/** "Did you mean …?" under a search that only a corrected term answers (lib/catalog/search-queries.ts); links to that search. */
export function DidYouMean({ pathname, query, suggestion }: { pathname: string; query: ListingQuery; suggestion: string }) {
  return (
    <p className="w-full text-muted-foreground" data-testid="did-you-mean">
      Did you mean{" "}
      <Link href={listingHref(pathname, query, { search: suggestion })} className="font-medium text-primary underline underline-offset-4 hover:text-primary/80">
        {suggestion}
      </Link>
      ?
    </p>
  );
}
