/** The wrapper's catch-all text: not worth showing under a failure toast. */
const GENERIC = /^(something went wrong|invalid input)/i;

/** A server message specific enough to show (e.g. "A product with this slug already exists."), else undefined. */
export function actionFailureMessage(message: string | undefined): string | undefined {
  const text = message?.trim();
  return text && !GENERIC.test(text) ? text : undefined;
}
