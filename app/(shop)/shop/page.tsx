import type { Metadata } from "next";
import { ListingPage, listingPageMetadata } from "@/components/catalog/listing-page";

type ShopPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(props: ShopPageProps): Promise<Metadata> {
  return listingPageMetadata({ slug: null, query: await props.searchParams });
}

export default async function ShopPage(props: ShopPageProps) {
  return <ListingPage slug={null} query={await props.searchParams} />;
}
