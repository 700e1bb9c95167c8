import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { listingMetadata } from "@/components/catalog/listing-metadata";
import { ProductListing } from "@/components/catalog/product-listing";
import { getCategoryBySlug } from "@/lib/catalog/queries";

type CategoryPageProps = {
  params: Promise<{ categorySlug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(props: CategoryPageProps): Promise<Metadata> {
  const [{ categorySlug }, sp] = await Promise.all([props.params, props.searchParams]);
  const category = await getCategoryBySlug(categorySlug);
  if (!category) return { title: "Category Not Found", robots: { index: false } };
  return listingMetadata(category, sp);
}

export default async function CategoryPage(props: CategoryPageProps) {
  const [{ categorySlug }, sp] = await Promise.all([props.params, props.searchParams]);
  const category = await getCategoryBySlug(categorySlug);
  if (!category) notFound();
  return <ProductListing category={category} query={sp} />;
}
