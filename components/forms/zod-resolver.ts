import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";

// Zod compiles object parsers with `new Function` when it may; its probe for that counts as a
// CSP violation under our script-src (no 'unsafe-eval'). Forms validate tiny objects: no JIT needed.
z.config({ jitless: true });

/** The resolver every react-hook-form form uses (zod, without eval). */
export { zodResolver };
