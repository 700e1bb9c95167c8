import { notFound } from "next/navigation";

/** Every URL no other route matches: the storefront 404 (app/(shop)/not-found.tsx) with status 404. */
export default function MissingPage(): never {
  notFound();
}
