import type { Metadata } from "next";
import { ListingPage, listingPageMetadata } from "@/components/catalog/listing-page";

type CategoryPageProps = {
  params: Promise<{ categorySlug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

async function props({ params, searchParams }: CategoryPageProps) {
  const [{ categorySlug }, query] = await Promise.all([params, searchParams]);
  return { slug: categorySlug, query };
}

export async function generateMetadata(pageProps: CategoryPageProps): Promise<Metadata> {
  return listingPageMetadata(await props(pageProps));
}

export default async function CategoryPage(pageProps: CategoryPageProps) {
  return <ListingPage {...await props(pageProps)} />;
}
