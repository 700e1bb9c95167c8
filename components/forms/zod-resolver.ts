import { zodResolver } from "@hookform/resolvers/zod";
// Sets zod jitless in the browser before any form validates (see lib/zod.ts).
import "@/lib/zod";

/** The resolver every react-hook-form form uses (zod, without eval). */
export { zodResolver };
