import Form from "next/form";
import Link from "next/link";
import { Search, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/** GET search over the admin list (?search=…): name, descriptions and category, inactive products included. */
export function ProductSearch({ search }: { search: string }) {
  return (
    <Form action="/admin/products" role="search" aria-label="Product search" className="flex w-full max-w-md items-center gap-2">
      <div className="relative flex-1">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input key={search} type="search" name="search" defaultValue={search} placeholder="Search products…" aria-label="Search products" className="bg-background pl-9" maxLength={100} />
      </div>
      <Button type="submit" variant="outline">
        Search
      </Button>
      {search && (
        <Button asChild variant="ghost" size="icon" title="Clear search">
          <Link href="/admin/products" aria-label="Clear search">
            <X aria-hidden="true" />
          </Link>
        </Button>
      )}
    </Form>
  );
}
