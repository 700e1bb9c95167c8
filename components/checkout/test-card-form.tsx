"use client";

import { useImperativeHandle, useRef, useState } from "react";
import { FlaskConical } from "lucide-react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { formatCardNumber, formatExpiry, normalizeCardNumber, parseExpiry, TEST_CARDS, validateTestCard, type TestCardField } from "@/lib/payments/test-cards";
import { confirmTestPayment } from "@/components/checkout/checkout-api";
import { isApiRequestError } from "@/components/api/request-json";
import { FormField } from "@/components/checkout/form-field";
import type { PaymentHandle } from "@/components/checkout/payment-handle";

type CardErrors = Partial<Record<TestCardField, string>>;
const FIELD_ORDER: TestCardField[] = ["number", "expiry", "cvc"];
const FIELD_IDS: Record<TestCardField, string> = { number: "test-card-number", expiry: "test-card-expiry", cvc: "test-card-cvc" };

/**
 * The embedded test provider's card form: Stripe's test numbers, no real charge.
 * Checks the card with validateTestCard before any request; the server's field
 * messages (400) appear inline too, declines (402) as a 'Payment failed' toast.
 */
export function TestCardForm({ handleRef, disabled }: { handleRef: React.Ref<PaymentHandle>; disabled?: boolean }) {
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [errors, setErrors] = useState<CardErrors>({});
  const inputs = useRef<Partial<Record<TestCardField, HTMLInputElement | null>>>({});

  const card = () => {
    const { expMonth, expYear } = parseExpiry(expiry);
    return { number: normalizeCardNumber(number), expMonth, expYear, cvc: cvc.trim() };
  };

  const focusFirst = (fields: CardErrors) => {
    const first = FIELD_ORDER.find((f) => fields[f]);
    if (first) inputs.current[first]?.focus();
  };

  const showErrors = (fields: CardErrors, focus: boolean) => {
    setErrors(fields);
    if (focus) focusFirst(fields);
  };

  useImperativeHandle(handleRef, () => ({
    validate({ focus = false } = {}) {
      const result = validateTestCard(card());
      showErrors(result.ok ? {} : result.fields, focus);
      return result.ok;
    },
    async confirm(intent) {
      try {
        const res = await confirmTestPayment(intent.clientSecret, card());
        if (res.declined) {
          toast.error("Payment failed", { description: res.message ?? "Your card was declined." });
          return { ok: false };
        }
        return { ok: true, paymentIntentId: res.paymentIntentId ?? intent.paymentIntentId };
      } catch (error) {
        if (!isApiRequestError(error)) throw error;
        const fields = error.fields;
        const cardFields = Object.fromEntries(FIELD_ORDER.filter((f) => fields[f]).map((f) => [f, fields[f]])) as CardErrors;
        if (error.status === 400 && Object.keys(cardFields).length > 0) {
          showErrors(cardFields, true);
          return { ok: false };
        }
        if (error.hasServerMessage) {
          toast.error("Payment failed", { description: error.message });
          // 404: the payment session expired; 409: it can no longer be confirmed. Either way, prepare a new one.
          return { ok: false, prepareAgain: error.status === 404 || error.status === 409 };
        }
        throw error;
      }
    },
  }));

  const clearError = (field: TestCardField) => setErrors((prev) => (prev[field] ? { ...prev, [field]: undefined } : prev));

  const fillCard = (cardNumber: string) => {
    setNumber(cardNumber);
    if (!expiry) setExpiry("12 / 34");
    if (!cvc) setCvc("123");
    setErrors({});
  };

  return (
    <div className="flex flex-col gap-5" data-testid="test-card-form">
      <div className="rounded-lg border border-dashed border-primary/40 bg-accent/40 p-4 text-sm">
        <p className="flex items-center gap-2 font-semibold text-foreground">
          <FlaskConical aria-hidden="true" className="size-4 text-primary" />
          Test mode — no real charge
        </p>
        <p className="mt-1 text-muted-foreground">Use one of these test cards with any future expiry (MM / YY) and any 3-digit CVC:</p>
        <ul className="mt-3 grid gap-2">
          {TEST_CARDS.map((c) => (
            <li key={c.number} className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-background/70 px-3 py-2">
              <div className="min-w-0">
                <code className="block font-mono text-[0.8125rem] font-medium text-foreground">{c.number}</code>
                <span className="text-xs text-muted-foreground">{c.description}</span>
              </div>
              <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={() => fillCard(c.number)} className="h-7 shrink-0 px-2.5 text-xs">
                Use<span className="sr-only"> card {c.number}</span>
              </Button>
            </li>
          ))}
        </ul>
      </div>

      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <FormField id={FIELD_IDS.number} label="Card number" error={errors.number} className="col-span-2">
          {(aria) => (
            <Input
              {...aria}
              ref={(el) => {
                inputs.current.number = el;
              }}
              name="cardnumber"
              value={number}
              onChange={(ev) => {
                setNumber(formatCardNumber(ev.target.value));
                clearError("number");
              }}
              readOnly={disabled}
              autoComplete="cc-number"
              inputMode="numeric"
              placeholder="1234 1234 1234 1234"
              className="h-10 font-mono tabular-nums"
            />
          )}
        </FormField>
        <FormField id={FIELD_IDS.expiry} label="Expiry (MM / YY)" error={errors.expiry}>
          {(aria) => (
            <Input
              {...aria}
              ref={(el) => {
                inputs.current.expiry = el;
              }}
              name="cc-exp"
              value={expiry}
              onChange={(ev) => {
                setExpiry(formatExpiry(ev.target.value, expiry));
                clearError("expiry");
              }}
              readOnly={disabled}
              autoComplete="cc-exp"
              inputMode="numeric"
              placeholder="MM / YY"
              className="h-10 tabular-nums"
            />
          )}
        </FormField>
        <FormField id={FIELD_IDS.cvc} label="CVC" error={errors.cvc}>
          {(aria) => (
            <Input
              {...aria}
              ref={(el) => {
                inputs.current.cvc = el;
              }}
              name="cvc"
              value={cvc}
              onChange={(ev) => {
                setCvc(ev.target.value.replace(/\D/g, "").slice(0, 3));
                clearError("cvc");
              }}
              readOnly={disabled}
              autoComplete="cc-csc"
              inputMode="numeric"
              placeholder="123"
              className="h-10 tabular-nums"
            />
          )}
        </FormField>
      </div>
    </div>
  );
}
