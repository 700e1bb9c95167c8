import { toast } from "@/components/ui/toast";

/** What lib/actions.ts answers for an unexpected server error; the screen's own message says more. */
const GENERIC_ACTION_MESSAGE = "Something went wrong. Please try again.";

/** The server's message for a failed action (preferred), else the screen's fallback text. */
export function actionMessage(result: { ok: false; message?: string } | undefined, fallback: string): string {
  const message = result?.message?.trim();
  return message && message !== GENERIC_ACTION_MESSAGE ? message : fallback;
}

type ToastPlan = {
  success: { title: string; description?: string };
  /** The spec's failure text: shown when the server has nothing more specific. */
  failure: string;
  /** With a title, the message goes underneath as the description (e.g. 'Deletion Failed'). */
  failureTitle?: string;
  logLabel: string;
};

/** Runs a server action and says how it went in one toast; true when it succeeded. */
export async function runWithToast(run: () => Promise<{ ok: true } | { ok: false; message?: string }>, plan: ToastPlan): Promise<boolean> {
  const fail = (message: string) => (plan.failureTitle ? toast.error(plan.failureTitle, { description: message }) : toast.error(message));
  try {
    const result = await run();
    if (result.ok) {
      toast.success(plan.success.title, plan.success.description ? { description: plan.success.description } : undefined);
      return true;
    }
    fail(actionMessage(result, plan.failure));
  } catch (error) {
    console.error(`${plan.logLabel} failed`, error);
    fail(plan.failure);
  }
  return false;
}
