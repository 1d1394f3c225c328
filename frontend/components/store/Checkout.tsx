'use client';

import { useQueryClient } from '@tanstack/react-query';
import NextLink from 'next/link';
import { useEffect, useRef, useState, type Dispatch, type FormEvent, type ReactNode, type SetStateAction } from 'react';
import { storeApi } from '@/lib/bff/browser';
import { CART_KEY, ORDERS_KEY } from '@/lib/bff/queries';
import type { Cart, Checkout as CheckoutRequest, PlacedOrder } from '@/lib/bff/types';
import { useBffMutation } from '@/lib/bff/useBffMutation';
import { storeMessage } from '@/lib/store';
import { FormAlert } from '@/components/forms/fields';
import buttons from '@/components/common/ButtonLink.module.css';
import { LoadingIndicator } from '@/components/common/LoadingIndicator';
import { EMPTY_CART } from './cart';
import { CheckoutReview, InformationForm, OrderSummary, ShippingForm } from './CheckoutForms';
import {
  errorsByStep,
  informationSummary,
  initialInformation,
  orderFailureMessage,
  initialShipping,
  newIdempotencyKey,
  shippingSummary,
  STEP,
  STEP_COUNT,
  toCheckout,
  validateInformation,
  validateShipping,
  type InformationValues,
  type PlacedOrderSummary,
  type StepErrors,
  type StepNumber,
  type SummaryLine,
} from './checkoutForm';
import { STORE_HREF } from './CartModal';
import { useCart } from './useCart';
import styles from './Checkout.module.css';

export interface CheckoutProps {
  /** The member's cart as the server read it; absent when it could not (then it is read here). */
  initialCart?: Cart;
  /** Step 1's values from the member's profile (name, email, phone, union). */
  prefill: Partial<InformationValues>;
  /** The store's shipping state (its code), which step 2 starts with. */
  stateCode?: string;
  /** The member's My Orders. */
  ordersHref: string;
  /** The support line a failed order quotes (SUPPORT_PHONE, as the store gives it). */
  phone: string;
}

/** Where the focus goes after the next render: a step's heading, or a field of a step's form. */
type FocusRequest = { step: StepNumber; field?: string } | { process: true };

const headingId = (step: StepNumber) => `checkout-step-${step}`;
export const formId = (step: StepNumber) => `checkout-form-${step}`;
const PROCESS_ID = 'checkout-process';

const hasErrors = (errors: StepErrors) => Object.keys(errors).length > 0;

/** The errors but the one of a field just changed. */
function withoutField(errors: StepErrors, name: string): StepErrors {
  const rest = { ...errors };
  delete rest[name];
  return rest;
}

/** A step form's change of one field: the field takes the value and loses its error. */
function changeField<V>(setValues: Dispatch<SetStateAction<V>>, setErrors: Dispatch<SetStateAction<StepErrors>>) {
  return (name: keyof V & string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((errors) => withoutField(errors, name));
  };
}

/**
 * Checkout (spec 3 §2 'Checkout', §4 'Checkout', §5): four steps in order, 'Your Information',
 * 'Shipping Information', 'Review Order' and the confirmation. A step goes on only when its form
 * passes the rules the BFF holds it to ('You must complete all required fields' and each field's
 * message otherwise, the focus on the first field to fix). Completed steps 1 and 2 show a summary
 * and Edit, which reopens that step and closes the later ones until they are confirmed again. The
 * focus follows: the heading of the step that opens.
 *
 * 'Process Order' runs once at a time, reading 'Please wait…' while it does, under one
 * Idempotency-Key made when the review opens: a retry after a lost answer replays the order the
 * BFF placed rather than placing another. The BFF's field errors reopen their step; any other
 * failure is said on the review step: a refusal in the BFF's words, the order system down or the
 * connection lost as the spec's order failure with the phone. Once placed, the cart (which the
 * BFF emptied) and My Orders are read again.
 *
 * Beside the steps (below them on phones) the order summary shows what is being ordered all along.
 */
export function Checkout({ initialCart, prefill, stateCode, ordersHref, phone }: CheckoutProps) {
  const client = useQueryClient();
  const cart = useCart(initialCart);
  const [step, setStep] = useState<StepNumber>(STEP.information);
  const [information, setInformation] = useState(() => initialInformation(prefill));
  const [shipping, setShipping] = useState(() => initialShipping(stateCode));
  const [informationErrors, setInformationErrors] = useState<StepErrors>({});
  const [shippingErrors, setShippingErrors] = useState<StepErrors>({});
  // What the open step says went wrong: its rules, or the BFF's answer.
  const [alert, setAlert] = useState<string | null>(null);
  const [placed, setPlaced] = useState<PlacedOrderSummary | null>(null);
  const idempotencyKey = useRef<string | null>(null);

  const focusNext = useRef<FocusRequest | null>(null);
  useEffect(() => {
    const request = focusNext.current;
    if (!request) return;
    focusNext.current = null;
    let target: HTMLElement | null = null;
    if ('process' in request) target = document.getElementById(PROCESS_ID);
    else if (request.field) {
      target = document.getElementById(formId(request.step))?.querySelector<HTMLElement>(`[name="${request.field}"]`) ?? null;
    } else target = document.getElementById(headingId(request.step));
    target?.focus();
  });

  function open(next: StepNumber) {
    setStep(next);
    setAlert(null);
    // One key per review: kept by every retry of this review, new after an Edit.
    if (next === STEP.review) idempotencyKey.current = newIdempotencyKey();
    focusNext.current = { step: next };
  }

  function refuse(at: StepNumber, errors: StepErrors, message: string) {
    setAlert(message);
    focusNext.current = { step: at, field: Object.keys(errors)[0] };
  }

  const place = useBffMutation<{ body: CheckoutRequest; key: string }, PlacedOrder>({
    mutationFn: ({ body, key }) => storeApi.placeOrder(body, key),
    onSuccess: ({ order }) => {
      setPlaced(order);
      setStep(STEP.done);
      setAlert(null);
      focusNext.current = { step: STEP.done };
      // The BFF emptied the cart of what was ordered, and My Orders has one more.
      void client.invalidateQueries({ queryKey: CART_KEY });
      void client.invalidateQueries({ queryKey: ORDERS_KEY });
    },
    onError: (error) => {
      const byStep = error.status === 400 ? errorsByStep(error.fields) : null;
      if (byStep?.step) {
        setInformationErrors(byStep.information);
        setShippingErrors(byStep.shipping);
        setStep(byStep.step);
        refuse(byStep.step, byStep.step === STEP.information ? byStep.information : byStep.shipping, error.detail);
        return;
      }
      setAlert(orderFailureMessage(error, phone));
      focusNext.current = { process: true };
    },
  });

  function continueInformation(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = validateInformation(information);
    setInformationErrors(errors);
    if (hasErrors(errors)) refuse(STEP.information, errors, storeMessage('requiredFields'));
    else open(STEP.shipping);
  }

  function continueShipping(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = validateShipping(shipping);
    setShippingErrors(errors);
    if (hasErrors(errors)) refuse(STEP.shipping, errors, storeMessage('requiredFields'));
    else open(STEP.review);
  }

  function processOrder() {
    if (place.pending) return;
    idempotencyKey.current ??= newIdempotencyKey();
    setAlert(null);
    void place.run({ body: toCheckout(information, shipping), key: idempotencyKey.current });
  }

  if (placed) return <Confirmation order={placed} ordersHref={ordersHref} />;

  const current = cart.data ?? (cart.isError ? EMPTY_CART : undefined);
  if (!current) return <LoadingIndicator label={storeMessage('cartLoading')} />;
  if (current.items.length === 0) {
    return (
      <div className={styles.emptyCart} data-testid="checkout-empty">
        <p>{storeMessage('cartEmpty')}</p>
        <NextLink href={STORE_HREF} className={`${buttons.button} ${buttons.primary}`}>
          {storeMessage('continueShopping')}
        </NextLink>
      </div>
    );
  }

  const statusOf = (n: StepNumber): StepStatus => (step === n ? 'open' : step > n ? 'done' : 'todo');
  return (
    <div className={styles.layout}>
      <ol className={styles.steps}>
        <Step n={STEP.information} title={storeMessage('stepInformation')} status={statusOf(STEP.information)} summary={informationSummary(information)} onEdit={place.pending ? undefined : () => open(STEP.information)}>
          <InformationForm
            id={formId(STEP.information)}
            labelledBy={headingId(STEP.information)}
            values={information}
            errors={informationErrors}
            onChange={changeField(setInformation, setInformationErrors)}
            onSubmit={continueInformation}
          >
            <FormAlert message={alert} />
          </InformationForm>
        </Step>
        <Step n={STEP.shipping} title={storeMessage('stepShipping')} status={statusOf(STEP.shipping)} summary={shippingSummary(shipping)} onEdit={place.pending ? undefined : () => open(STEP.shipping)}>
          <ShippingForm
            id={formId(STEP.shipping)}
            labelledBy={headingId(STEP.shipping)}
            values={shipping}
            errors={shippingErrors}
            onChange={changeField(setShipping, setShippingErrors)}
            onSubmit={continueShipping}
          >
            <FormAlert message={alert} />
          </ShippingForm>
        </Step>
        <Step n={STEP.review} title={storeMessage('stepReview')} status={statusOf(STEP.review)}>
          <CheckoutReview cart={current}>
            <FormAlert message={alert} />
            <button
              id={PROCESS_ID}
              type="button"
              className={`${buttons.button} ${buttons.primary} ${styles.process}`}
              onClick={processOrder}
              disabled={place.pending}
              aria-busy={place.pending || undefined}
              data-testid="process-order"
            >
              {place.pending ? storeMessage('processing') : storeMessage('processOrder')}
            </button>
          </CheckoutReview>
        </Step>
        <Step n={STEP.done} title={storeMessage('stepDone')} status="todo" />
      </ol>
      <OrderSummary cart={current} />
    </div>
  );
}

type StepStatus = 'todo' | 'open' | 'done';

interface StepProps {
  n: StepNumber;
  title: string;
  status: StepStatus;
  /** What a completed step shows in place of its form. */
  summary?: SummaryLine[];
  /** Reopens a completed step; absent while the order is being placed. */
  onEdit?: () => void;
  children?: ReactNode;
}

/** One step: its numbered heading, then its form while open, or its summary and Edit once done. */
function Step({ n, title, status, summary, onEdit, children }: StepProps) {
  const id = headingId(n);
  return (
    <li className={styles.step} data-status={status} data-testid={`checkout-step-${n}`} aria-current={status === 'open' ? 'step' : undefined}>
      <section aria-labelledby={id}>
        <div className={styles.stepHead}>
          <h2 id={id} className={styles.stepTitle} tabIndex={-1}>
            <span className={styles.stepNumber}>{storeMessage('stepOf', { n, total: STEP_COUNT })}</span>{' '}
            <span>{title}</span>
          </h2>
          {status === 'done' && summary && (
            <button
              type="button"
              className={`${buttons.button} ${buttons.secondary} ${styles.edit}`}
              onClick={onEdit}
              disabled={!onEdit}
              aria-describedby={id}
            >
              {storeMessage('edit')}
            </button>
          )}
        </div>
        {status === 'open' && <div className={styles.stepBody}>{children}</div>}
        {status === 'done' && summary && (
          <dl className={styles.summary} data-testid={`checkout-summary-${n}`}>
            {summary.map((line) => (
              <div key={line.label} className={styles.summaryLine}>
                <dt>{line.label}</dt>
                <dd>{line.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    </li>
  );
}

/** Step 4: 'Your order has been submitted', its number, when its email comes, and the way to My Orders. */
function Confirmation({ order, ordersHref }: { order: PlacedOrderSummary; ordersHref: string }) {
  const id = headingId(STEP.done);
  return (
    <section className={styles.done} aria-labelledby={id} data-testid="checkout-done">
      <p className={styles.stepNumber}>{storeMessage('stepOf', { n: STEP.done, total: STEP_COUNT })}</p>
      <h2 id={id} className={styles.doneTitle} tabIndex={-1}>
        {storeMessage('orderSubmitted')}
      </h2>
      <p data-testid="order-number">{storeMessage('orderSubmittedNumber', { number: order.orderNumber })}</p>
      {/* Spec 3 §9: when the order system's confirmation email is to be expected. */}
      <p>{storeMessage('orderConfirmationEmail')}</p>
      <div className={styles.actions}>
        <NextLink href={ordersHref} className={`${buttons.button} ${buttons.primary}`}>
          {storeMessage('viewOrders')}
          <span className={buttons.arrow} aria-hidden="true">
            →
          </span>
        </NextLink>
        <NextLink href={STORE_HREF} className={`${buttons.button} ${buttons.secondary}`}>
          {storeMessage('continueShopping')}
        </NextLink>
      </div>
    </section>
  );
}
