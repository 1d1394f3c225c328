'use client';

import type { FocusEvent, KeyboardEvent } from 'react';
import { storeMessage } from '@/lib/store';
import styles from './QuantityStepper.module.css';

interface QuantityStepperProps {
  /** The input's id, for its label (which the caller places). */
  id: string;
  /** What the input shows: the quantity, or what is being typed. */
  text: string;
  /** The quantity the buttons step from, for disabling them at the ends. */
  quantity: number;
  min: number;
  max: number;
  onStep: (step: -1 | 1) => void;
  onType: (text: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** The element naming what is counted (a cart line's title), read with each control. */
  describedBy?: string;
}

/**
 * Minus, a typed number and plus (spec 3 §2: one step per click, or a typed value): the product
 * modal's quantity and each cart line's. What a typed value means is the caller's rule.
 */
export function QuantityStepper({ id, text, quantity, min, max, onStep, onType, onBlur, onKeyDown, describedBy }: QuantityStepperProps) {
  const button = (step: -1 | 1) => (
    <button
      type="button"
      className={styles.step}
      onClick={() => onStep(step)}
      disabled={step < 0 ? quantity <= min : quantity >= max}
      aria-label={storeMessage(step < 0 ? 'decreaseQuantity' : 'increaseQuantity')}
      aria-describedby={describedBy}
      aria-controls={id}
    >
      {step < 0 ? '−' : '+'}
    </button>
  );
  return (
    <div className={styles.stepper}>
      {button(-1)}
      <input
        id={id}
        className={styles.input}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={text}
        aria-describedby={describedBy}
        onChange={(event) => onType(event.target.value)}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
      />
      {button(1)}
    </div>
  );
}
