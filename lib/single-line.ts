/**
 * Text that may reach an email header (a Subject, a name): one line, no control characters.
 * CR/LF would start a new header (an injected `Bcc:`); other C0/C1 controls, DEL and the
 * Unicode line separators are refused with them. Dependency-free: the browser's zod/mini
 * forms and the server's classic zod schemas share `isSingleLine` as their refinement, and
 * the email layer (lib/email, lib/newsletter/transport.ts) folds what still gets through.
 */
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
const CONTROL_RUNS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

export const isSingleLine = (value: string): boolean => !CONTROL_CHARACTERS.test(value);

/** The field's message when it is refused. */
export const singleLineMessage = (label: string) => `${label} must be a single line without control characters`;

/** Defence in depth for a header value: every run of control characters becomes one space. */
export const toHeaderValue = (value: string): string => value.replace(CONTROL_RUNS, " ");
