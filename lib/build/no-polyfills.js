/**
 * Stands in for Next's polyfill-module in the browser bundles (next.config.ts turbopack.resolveAlias). The browsers
 * the shop supports are Next 16's defaults — Chrome and Edge 111, Firefox 111, Safari 16.4 — and every one has what
 * that module adds (Array.prototype.at, flat and flatMap, Object.hasOwn, Object.fromEntries, String.prototype.trimStart
 * and trimEnd, Symbol.prototype.description, Promise.prototype.finally) except URL.canParse (Chrome 120, Safari 17),
 * which nothing the browser runs calls without checking for it first. Older browsers still get Next's noModule
 * polyfills. docs/decisions/0019-no-legacy-polyfills.md
 */
export {};
