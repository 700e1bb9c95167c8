/** What lib/actions.ts answers for an unexpected server error; the screen's own message says more. */
const GENERIC_ACTION_MESSAGE = "Something went wrong. Please try again.";

/** The server's message for a failed action (preferred), else the screen's fallback text. */
export function actionMessage(result: { ok: false; message?: string } | undefined, fallback: string): string {
  const message = result?.message?.trim();
  return message && message !== GENERIC_ACTION_MESSAGE ? message : fallback;
}
