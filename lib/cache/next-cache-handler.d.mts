/** Next's cache handler (next.config.ts `cacheHandler`); a class Next constructs. */
declare const Handler: unknown;
export default Handler;
