import { z } from "zod";

/**
 * zod for schemas the browser also runs. Zod compiles object parsers with
 * `new Function` when it may, and its probe for that is reported as a CSP
 * violation under our script-src (no 'unsafe-eval'). In the browser it runs
 * jitless; on the server it keeps its compiled parsers.
 */
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
