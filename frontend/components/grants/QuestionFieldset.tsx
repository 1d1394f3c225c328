'use client';

import type { FocusEvent, ReactNode } from 'react';
import { RequiredMark } from '@/components/forms/fields';
import formStyles from '@/components/forms/Form.module.css';
import { leftForSubmit } from '@/components/forms/useForm';

interface QuestionFieldsetProps {
  legend: string;
  /** Adds the * to the legend. */
  required: boolean;
  error?: string;
  /** The error's id, which the fieldset and each of its controls are described by. */
  errorId: string;
  /** The focus left the fieldset (not for a submit button): the question was touched. */
  onLeave?: () => void;
  /** Added to the form kit's group class. */
  className?: string;
  children: ReactNode;
}

/** A grant question answered by several controls: a fieldset under its legend, its error below them. */
export function QuestionFieldset({ legend, required, error, errorId, onLeave, className, children }: QuestionFieldsetProps) {
  const leave = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null) && !leftForSubmit(event)) onLeave?.();
  };
  return (
    <fieldset
      className={className ? `${formStyles.group} ${className}` : formStyles.group}
      aria-describedby={error ? errorId : undefined}
      data-invalid={error ? true : undefined}
      onBlur={leave}
    >
      <legend className={formStyles.legend}>
        {legend}
        {required && <RequiredMark />}
      </legend>
      {children}
      {error && (
        <p id={errorId} className={formStyles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
