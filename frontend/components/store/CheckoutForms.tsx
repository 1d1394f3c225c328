'use client';

import { useId, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import type { Cart } from '@/lib/bff/types';
import {
  countries,
  informationFields,
  materialUses,
  OTHER_USE,
  otherMaxLength,
  shippingFields,
  storeMessage,
  storeStates,
  type CheckoutField,
} from '@/lib/store';
import buttons from '@/components/common/ButtonLink.module.css';
import { ProductImage } from '@/components/common/ProductImage';
import { RadioGroup } from '@/components/forms/choices';
import { SelectField, TextField } from '@/components/forms/fields';
import { MEMO_FIELD, OTHER_FIELD, OTHER_LABEL, type InformationValues, type ShippingValues, type StepErrors } from './checkoutForm';
import styles from './Checkout.module.css';

interface StepFormProps<V> {
  id: string;
  /** The step's heading, which names the form. */
  labelledBy: string;
  values: V;
  errors: StepErrors;
  onChange: (name: keyof V & string, value: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The step's alert, above its Continue. */
  children?: ReactNode;
}

const STATE_OPTIONS = storeStates.map((s) => ({ value: s.code, label: s.title }));

/**
 * Upper-cases the union as it is typed (spec 3 §5), keeping the caret where it was: React would
 * otherwise put it at the end whenever its value differs from what the field holds.
 */
function upperCased(event: ChangeEvent<HTMLInputElement>): string {
  const input = event.target;
  const upper = input.value.toUpperCase();
  if (upper !== input.value) {
    const { selectionStart, selectionEnd } = input;
    input.value = upper;
    if (selectionStart !== null && selectionEnd !== null) input.setSelectionRange(selectionStart, selectionEnd);
  }
  return upper;
}

/** One field of a step, as store.json describes it: its label, rules, hint and autocomplete. */
function CheckoutInput<N extends string>({
  field,
  value,
  error,
  onChange,
}: {
  field: CheckoutField<N>;
  value: string;
  error?: string;
  onChange: (value: string, event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
}) {
  const hint = field.hint ? storeMessage(field.hint) : undefined;
  const common = {
    label: field.label,
    name: field.name,
    required: field.required,
    value,
    error,
    // A hint that has become the error is said once, as the error.
    hint: hint !== error ? hint : undefined,
  };
  if (field.type === 'state') {
    return (
      <SelectField
        {...common}
        placeholder={storeMessage('statePlaceholder')}
        options={STATE_OPTIONS}
        autoComplete="address-level1"
        onChange={(e) => onChange(e.target.value, e)}
      />
    );
  }
  if (field.type === 'country') {
    return <SelectField {...common} options={[...countries]} onChange={(e) => onChange(e.target.value, e)} />;
  }
  const type = field.type === 'email' || field.type === 'tel' || field.type === 'url' ? field.type : 'text';
  const numeric = field.type === 'number' || field.type === 'tel' || field.name === 'zip';
  return (
    <TextField
      {...common}
      type={type}
      inputMode={numeric ? 'numeric' : undefined}
      autoComplete={field.autocomplete ?? 'off'}
      maxLength={field.maxLength}
      spellCheck={field.type === 'email' || field.type === 'url' ? false : undefined}
      onChange={(e) => onChange(field.name === 'union' ? upperCased(e) : e.target.value, e)}
    />
  );
}

/**
 * A step's form: its fields from store.json, what else the step asks (`extra`), the error summary
 * the caller passes as children, and Continue. The browser's own checks are off (noValidate): the
 * step shows the contract's words instead.
 */
function StepForm<Values extends object>({
  id,
  labelledBy,
  fields,
  values,
  errors,
  onChange,
  onSubmit,
  extra,
  children,
}: StepFormProps<Values> & { fields: readonly CheckoutField<keyof Values & string>[]; extra?: ReactNode }) {
  const value = (name: keyof Values & string) => String(values[name] ?? '');
  return (
    <form id={id} className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={labelledBy}>
      <div className={styles.grid}>
        {fields.map((field) => (
          <CheckoutInput
            key={field.name}
            field={field}
            value={value(field.name)}
            error={errors[field.name]}
            onChange={(v) => onChange(field.name, v)}
          />
        ))}
      </div>
      {extra}
      {children}
      <ContinueButton />
    </form>
  );
}

/** Step 1, 'Your Information': the member's details, their union, and how the materials will be used. */
export function InformationForm(props: StepFormProps<InformationValues>) {
  const { values, errors, onChange } = props;
  return (
    <StepForm
      {...props}
      fields={informationFields}
      extra={
        <>
          <RadioGroup
            legend={storeMessage('memoLegend')}
            name={MEMO_FIELD}
            options={[...materialUses]}
            value={values.memo}
            onChange={(value) => onChange(MEMO_FIELD, value)}
            error={errors[MEMO_FIELD]}
          />
          {values.memo === OTHER_USE && (
            <TextField
              label={OTHER_LABEL}
              name={OTHER_FIELD}
              required
              maxLength={otherMaxLength}
              value={values.other}
              error={errors[OTHER_FIELD]}
              onChange={(e) => onChange(OTHER_FIELD, e.target.value)}
            />
          )}
        </>
      }
    />
  );
}

/** Step 2, 'Shipping Information': the address, one of the 50 states and DC, and the country. */
export function ShippingForm(props: StepFormProps<ShippingValues>) {
  return <StepForm {...props} fields={shippingFields} />;
}

function ContinueButton() {
  return (
    <div className={styles.actions}>
      <button type="submit" className={`${buttons.button} ${buttons.primary}`}>
        {storeMessage('cartContinue')}
        <span className={buttons.arrow} aria-hidden="true">
          →
        </span>
      </button>
    </div>
  );
}

/** The cart's lines as checkout shows them: image (hidden when broken), label, title, quantity. */
function OrderLines({ cart, testId, className }: { cart: Cart; testId: string; className?: string }) {
  return (
    <ul className={className ? `${styles.lines} ${className}` : styles.lines} aria-label={itemCount(cart)} data-testid={`${testId}s`}>
      {cart.items.map((item) => (
        <li key={item.id} className={styles.line} data-testid={testId} data-product-id={item.id}>
          <ProductImage className={styles.image} src={item.image} width={56} height={56} />
          <span className={styles.lineText}>
            <span className={styles.label}>{item.label}</span>
            <span className={styles.title}>{item.title}</span>
          </span>
          <span className={styles.quantity}>{storeMessage('quantity', { quantity: item.quantity.toLocaleString('en-US') })}</span>
        </li>
      ))}
    </ul>
  );
}

const itemCount = (cart: Cart) => storeMessage('summaryItems', { count: cart.count.toLocaleString('en-US') });

/**
 * Step 3, 'Review Order': the cart's lines with their quantities (the summaries of steps 1 and 2
 * stand above it), then whatever the step adds (its alert and 'Process Order').
 */
export function CheckoutReview({ cart, children }: { cart: Cart; children?: ReactNode }) {
  return (
    <div className={styles.review}>
      <OrderLines cart={cart} testId="review-line" />
      <p className={styles.count}>{itemCount(cart)}</p>
      {children}
    </div>
  );
}

/**
 * 'Your Order': what is being ordered, shown beside the steps from step 1 on (below them on
 * phones), so the member never fills in a form without seeing what it is for.
 */
export function OrderSummary({ cart }: { cart: Cart }) {
  const id = useId();
  return (
    <aside className={styles.orderSummary} aria-labelledby={id} data-testid="order-summary">
      <div className={styles.orderSummaryHead}>
        <h2 id={id} className={styles.orderSummaryTitle}>
          {storeMessage('orderSummaryTitle')}
        </h2>
        <p className={styles.count}>{itemCount(cart)}</p>
      </div>
      <OrderLines cart={cart} testId="summary-line" className={styles.summaryLines} />
    </aside>
  );
}
