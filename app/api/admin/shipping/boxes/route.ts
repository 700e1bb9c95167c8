import { NextResponse } from "next/server";
import { readJson, withAdminRoute } from "@/lib/http";
import { boxSchema } from "@/lib/shipping/schemas";
import { createBox, listBoxes } from "@/lib/shipping/service";

/** Admin: the maker's boxes. */
export const GET = withAdminRoute(async () => ({ boxes: await listBoxes() }));

export const POST = withAdminRoute(async (req) => NextResponse.json(await createBox(await readJson(req, boxSchema)), { status: 201 }));
