import { NextResponse } from "next/server";
import { categoryInputSchema } from "@/lib/catalog/admin-schemas";
import { listCategories } from "@/lib/catalog/queries";
import { createCategory } from "@/lib/catalog/service";
import { readJson, withAdminRoute, withRoute } from "@/lib/http";

export const GET = withRoute(async () => listCategories());

/** Admin: create a category. */
export const POST = withAdminRoute(async (req) => {
  const category = await createCategory(await readJson(req, categoryInputSchema));
  return NextResponse.json(category, { status: 201 });
});
