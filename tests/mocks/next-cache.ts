/**
 * Jest stand-in for next/cache: outside a Next.js server there is no
 * incremental cache, so cached reads run directly and revalidations are
 * recorded for tests to assert on.
 */
export const revalidatedTags: string[] = [];
export const revalidatedPaths: string[] = [];
/** Every distinct key a cached read was called with (key parts + arguments), as Next.js would store it. */
export const cacheKeys = new Set<string>();

export function unstable_cache<T extends (...args: never[]) => unknown>(fn: T, keyParts: string[] = []): T {
  return ((...args: Parameters<T>) => {
    cacheKeys.add(JSON.stringify([keyParts, args]));
    return fn(...args);
  }) as T;
}
export function revalidateTag(tag: string) {
  revalidatedTags.push(tag);
}
export function updateTag(tag: string) {
  revalidatedTags.push(tag);
}
export function revalidatePath(path: string) {
  revalidatedPaths.push(path);
}
export function cacheTag() {}
export function cacheLife() {}
export function refresh() {}
