"use client";

import { useRef, useState } from "react";

/**
 * A payment form's submit, once at a time: a second press while the first runs does nothing.
 * Our own flag rather than formState.isSubmitting: it is set only once the form is valid, so a
 * failed validation never disables (and so never un-focuses) the field that needs fixing.
 */
export function useGuardedSubmit<V>(run: (values: V) => Promise<void>) {
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  async function submit(values: V) {
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    try {
      await run(values);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }
  return { submitting, submit };
}
