import { z } from "zod";
import { resetPassword } from "@/lib/auth/service";
import { readJson, withRoute } from "@/lib/http";
import { clientAddress } from "@/lib/net/client-address";

export const POST = withRoute(async (req) => resetPassword(await readJson(req, z.unknown()), clientAddress(req.headers)));
