/**
 * Runs once when a Next.js server process starts: on the Node.js runtime,
 * lib/startup/register-node.ts (payment configuration check, the start-up
 * step on Vercel, pruning). The import sits behind the NEXT_RUNTIME test,
 * which Next.js inlines, so the Edge build of this file never bundles it.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { registerNode } = await import("@/lib/startup/register-node");
    await registerNode();
  }
}
