import { z } from "zod";

/**
 * Classic zod for schemas the admin browser also runs (storefront forms use
 * zod/mini instead, which is far smaller and never compiles parsers). Zod compiles object parsers with
 * `new Function` when it may, and its probe for that is reported as a CSP
 * violation under our script-src (no 'unsafe-eval'). In the browser it runs
 * jitless; on the server it keeps its compiled parsers.
 */
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
