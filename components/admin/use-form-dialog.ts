"use client";

import { useState } from "react";

/** Messages by field name, shown under each field. */
export type FieldMessages = Record<string, string>;

/** What a dialog's save answers: an admin action's result (lib/actions.ts), or just whether it worked (the caller said why). */
export type SaveOutcome<T> = { ok: true; data: T } | { ok: false; message?: string; fields?: FieldMessages } | boolean;

type Refused = { ok: false; message?: string; fields?: FieldMessages };

export type SaveHandlers<T> = {
  /** After a save that worked, before the dialog closes: say so (a toast). */
  onSaved?: (data: T) => void;
  /** The server refused (its result), or the call threw (undefined): say so. A plain `false` has been said by the caller already. */
  onRefused?: (result: Refused | undefined) => void;
  /** The server's messages for fields, to show under them. */
  onFields?: (fields: FieldMessages) => void;
  /** Names the save in the browser console when it throws ("<logLabel> failed"). */
  logLabel: string;
};

/**
 * Runs an admin form's save and settles its answer once: a success is said and
 * reported true; a refusal hands the server's field messages to the form and is
 * said; a throw is logged and said as a refusal. Used by the dialogs through
 * useFormDialog and by the react-hook-form forms (product, category) directly.
 */
export async function settleSave<T>(save: () => Promise<SaveOutcome<T>>, handlers: SaveHandlers<T>): Promise<boolean> {
  try {
    const outcome = await save();
    if (typeof outcome === "boolean") return outcome;
    if (outcome.ok) {
      handlers.onSaved?.(outcome.data);
      return true;
    }
    handlers.onFields?.(outcome.fields ?? {});
    handlers.onRefused?.(outcome);
  } catch (error) {
    console.error(`${handlers.logLabel} failed`, error);
    handlers.onRefused?.(undefined);
  }
  return false;
}

type FormDialogOptions<I, T> = Omit<SaveHandlers<T>, "onFields"> & {
  /** Reads the form: the input to send, or the messages of fields that are wrong (then nothing is sent). */
  read: () => { input: NoInfer<I> } | { errors: FieldMessages };
  save: (input: I) => Promise<SaveOutcome<T>>;
  /** Closes the dialog after a save that worked. */
  onDone: () => void;
};

/**
 * The submit half of an admin form dialog (ship, cancel, customer, user): read
 * and check the fields, send, keep the dialog open and busy meanwhile, close it
 * when the save worked, else show the server's field messages.
 * Spread `formProps` on the <form>; `pending` disables the buttons.
 */
export function useFormDialog<I, T = unknown>({ read, save, onDone, ...handlers }: FormDialogOptions<I, T>) {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FieldMessages>({});

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = read();
    if ("errors" in form) {
      setErrors(form.errors);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      if (await settleSave(() => save(form.input), { ...handlers, onFields: setErrors })) onDone();
    } finally {
      setPending(false);
    }
  }

  /** Forgets one field's message (e.g. as its value is edited). */
  function clearError(field: string) {
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  }

  return { pending, errors, clearError, formProps: { onSubmit, noValidate: true, "aria-busy": pending } };
}
