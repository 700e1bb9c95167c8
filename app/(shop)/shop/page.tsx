import type { Metadata } from "next";
import { listingMetadata } from "@/components/catalog/listing-metadata";
import { ProductListing } from "@/components/catalog/product-listing";

type ShopPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(props: ShopPageProps): Promise<Metadata> {
  return listingMetadata(null, await props.searchParams);
}

export default async function ShopPage(props: ShopPageProps) {
  const sp = await props.searchParams;
  return <ProductListing category={null} query={sp} />;
}
