'use client';

import { useCallback, useMemo, useState, type FocusEvent } from 'react';

/** A form's errors by field name (the request's: 'home.zip'), in the order the form shows them. */
export type FieldErrors = Record<string, string>;

/** The fields of V that hold text (inputs and selects). */
export type TextFieldOf<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/** What a text input or select needs to be part of the form. */
export interface BoundField {
  name: string;
  value: string;
  error: string | undefined;
  /** Touched, filled and passing every check: the field shows its success state. */
  valid: boolean;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: (event: FocusEvent) => void;
}

/** The fields of V that hold a yes or no (checkboxes). */
export type BooleanFieldOf<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V] & string;

/** What a checkbox needs to be part of the form. */
export interface BoundCheckbox {
  name: string;
  checked: boolean;
  onChange: (event: { target: { checked: boolean } }) => void;
}

/**
 * Whether the focus left a field for a submit button. That is not leaving it in the sense of
 * spec 1 §5: the submit shows every error anyway, and an error shown now would push the button
 * down under the pointer between its mousedown and mouseup, and the click would be lost.
 */
export function leftForSubmit(event: FocusEvent): boolean {
  const to = event.relatedTarget;
  return to instanceof HTMLButtonElement && to.type === 'submit';
}

/**
 * Whether the focus left a field in a dialog for somewhere outside that dialog. The person cannot
 * do that while the dialog is modal (the page behind is inert): a script did, a dialog closing or
 * React's development StrictMode replaying its effects. It is no sign the person left the field.
 */
export function leftTheDialog(event: FocusEvent): boolean {
  const dialog = event.target instanceof Element ? event.target.closest('dialog') : null;
  const to = event.relatedTarget;
  return dialog !== null && to instanceof Node && !dialog.contains(to);
}

export interface Form<V> {
  values: V;
  /** Replaces the values; the BFF's error on any field that changed is dropped. */
  update: (next: (v: V) => V) => void;
  /** Marks a field touched (left, or chosen): its own error may show from now on. */
  touch: (field: string) => void;
  /** The error to show on a field, if any. */
  errorOf: (field: string) => string | undefined;
  /**
   * Whether a field shows its success state (spec 1 §5 and spec 2 §5 "states: error, success,
   * ..."): once it was touched (or the form submitted), holds a value, and no check fails on it.
   * An empty optional field stays plain: nothing was confirmed.
   */
  validOf: (field: string) => boolean;
  /**
   * A submit: every error may show from now on. Answers the errors found, in form order; an empty
   * object means the values may be sent.
   */
  submit: () => FieldErrors;
  /** The BFF's field errors from a failed save. */
  setServerErrors: (errors: FieldErrors) => void;
  /** Whether the values differ from the last saved ones. */
  dirty: boolean;
  /** After a save: the values become the saved ones, and nothing counts as touched. */
  saved: () => void;
  /** The props that tie an input or select to a text field of the form. */
  bind: (field: TextFieldOf<V>) => BoundField;
  /** The props that tie a checkbox to a yes-or-no field of the form. */
  bindChecked: (field: BooleanFieldOf<V>) => BoundCheckbox;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether a value holds something: text with more than spaces, a ticked box, a chosen item or a date. */
function filled(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'boolean') return value;
  if (value !== null && typeof value === 'object') return Object.values(value).every(filled); // a date's parts
  return value !== null && value !== undefined;
}

/**
 * A form's values and errors (spec 1 §5: an error shows only after its field was touched, or on
 * submit). The form's own rules are checked on every change; an error from the BFF shows at once
 * and stays until its field changes.
 */
export function useForm<V extends object>(initial: V, validate: (v: V) => FieldErrors): Form<V> {
  const [values, setValues] = useState(initial);
  const [savedValues, setSavedValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const errors = useMemo(() => validate(values), [validate, values]);

  const update = (next: (v: V) => V) => {
    const after = next(values);
    const changed = (field: string) =>
      !same((values as Record<string, unknown>)[field], (after as Record<string, unknown>)[field]);
    setValues(after);
    setServerErrors((server) => Object.fromEntries(Object.entries(server).filter(([field]) => !changed(field))));
  };

  const touch = useCallback((field: string) => {
    setTouched((set) => (set.has(field) ? set : new Set(set).add(field)));
  }, []);

  const errorOf = (field: string) =>
    serverErrors[field] ?? (submitted || touched.has(field) ? errors[field] : undefined);

  const validOf = (field: string) =>
    (submitted || touched.has(field)) && filled((values as Record<string, unknown>)[field]) && errorOf(field) === undefined;

  const submit = () => {
    setSubmitted(true);
    return errors;
  };

  const saved = () => {
    setSavedValues(values);
    setSubmitted(false);
    setTouched(new Set());
  };

  const bind = (field: TextFieldOf<V>): BoundField => ({
    name: field,
    value: values[field] as string,
    error: errorOf(field),
    valid: validOf(field),
    onChange: (event) => update((v) => ({ ...v, [field]: event.target.value })),
    onBlur: (event) => {
      if (!leftForSubmit(event) && !leftTheDialog(event)) touch(field);
    },
  });

  const bindChecked = (field: BooleanFieldOf<V>): BoundCheckbox => ({
    name: field,
    checked: values[field] as boolean,
    onChange: (event) => update((v) => ({ ...v, [field]: event.target.checked })),
  });

  return { values, update, touch, errorOf, validOf, submit, setServerErrors, dirty: !same(values, savedValues), saved, bind, bindChecked };
}

/**
 * Moves the focus to the first field with an error, so a keyboard or screen-reader user lands on
 * what to fix. Controls carry the field's name (a radio or checkbox group: its first box).
 */
export function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors) {
  const first = Object.keys(errors)[0];
  if (!form || !first) return;
  form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}

/**
 * A submit's check against the rules: true when the values pass; otherwise every error shows and
 * the focus moves to the first field in error (focusFirstError).
 */
export function passesOnSubmit<V extends object>(form: Form<V>, element: HTMLFormElement | null): boolean {
  const errors = form.submit();
  focusFirstError(element, errors);
  return Object.keys(errors).length === 0;
}
