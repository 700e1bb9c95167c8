import { zodResolver } from "@hookform/resolvers/zod";

/**
 * The resolver every react-hook-form form uses. It imports no zod itself: the
 * storefront forms' schemas are zod/mini (no `new Function` probe, a fraction of
 * the size), and the admin forms' schemas come from lib/zod.ts, which sets
 * classic zod jitless in the browser when it loads.
 */
export { zodResolver };
