import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A react-hook-form resolver fetched on first use (react-hook-form awaits async
 * resolvers), so zod and the form's schema stay out of the page's first load.
 * `load` imports a module that builds the resolver (zodResolver(schema)); call
 * `preload` when the shopper first focuses the form, so the first validation
 * (on submit, then on change) does not wait for the network. A failed fetch is
 * retried on the next validation.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformedValues>>,
): { resolver: Resolver<TFieldValues, TContext, TTransformedValues>; preload: () => void } {
  let loaded: Promise<Resolver<TFieldValues, TContext, TTransformedValues>> | null = null;
  const get = () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = null;
      throw error;
    }));
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    // A failed preload is not reported: the validation that needs the resolver fetches it again.
    preload: () => void get().catch(() => undefined),
  };
}
