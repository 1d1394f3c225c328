'use client';

import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { grantsApi } from '@/lib/bff/browser';
import { CASES_KEY } from '@/lib/bff/queries';
import type { BffError } from '@/lib/bff/error';
import type { CaseFields, CaseSubmitted, FormDocument, GrantKind } from '@/lib/bff/types';
import { useBffMutation } from '@/lib/bff/useBffMutation';
import { grantMessage, isRequired, shownFields, TERMS_FIELD, type GrantField } from '@/lib/grants';
import buttons from '@/components/common/ButtonLink.module.css';
import { RichText } from '@/components/common/RichText';
import { FormAlert } from '@/components/forms/fields';
import formStyles from '@/components/forms/Form.module.css';
import { FormSection } from '@/components/forms/FormSection';
import { focusFirstError, passesOnSubmit, useForm } from '@/components/forms/useForm';
import { useStatusMessages } from '@/components/status/StatusMessages';
import { CaseUploads } from '@/components/uploads/CaseUploads';
import { AlreadySubmittedNotice } from './AlreadySubmittedNotice';
import { CaseStatusBlock } from './CaseStatusBlock';
import { GrantFieldControl } from './GrantFieldControl';
import { initialGrantValues, toCaseFields, validateGrant, type GrantContext, type GrantValues } from './grantRules';
import styles from './Grants.module.css';

export interface GrantFormProps {
  /** A grant form (type 'grant', with its kind). */
  form: FormDocument & { kind: GrantKind };
  /** The member's uid, for 'View submitted forms'. */
  uid: string;
  /** The server's day ('YYYY-MM-DD'), so the dates' rules and year lists agree on both sides of hydration. */
  today: string;
}

/** The sections the common fields sit in; the kind's own fields follow, then the terms. */
const SECTIONS: { title: string; fields: string[] }[] = [
  { title: 'Your Information', fields: ['firstName', 'lastName', 'email', 'confirmEmail', 'phone', 'mobilePhone', 'optInTexts'] },
  { title: 'Your Address', fields: ['street', 'street2', 'city', 'state', 'zip'] },
  { title: 'Your Union', fields: ['union', 'unionLocal'] },
];
/** Fields that take the whole row of the two-column grid. */
const WIDE = new Set(['street', 'optInTexts', 'union', TERMS_FIELD]);
const WIDE_TYPES = new Set(['checkbox', 'checkboxGroup', 'date', 'textarea']);

/**
 * A grant application (spec 2 §2), drawn from contracts/grants.json for the form's kind and
 * prefilled from the member's profile. The rules are checked as the member goes (an error shows
 * once its field was left, and all on submit); the BFF checks them again and its field errors
 * show on the fields. A submit runs once however often it is clicked; on success the form stays
 * disabled under 'Your form has been submitted' and the new case's block, where the member adds
 * supporting documents.
 */
export function GrantForm({ form: doc, uid, today }: GrantFormProps) {
  const kind = doc.kind;
  const fields = useMemo(() => shownFields(kind), [kind]);
  const ctx: GrantContext = useMemo(
    () => ({ kind, unionLocalRequired: doc.unionLocalRequired, unions: doc.unions, today }),
    [kind, doc.unionLocalRequired, doc.unions, today],
  );
  const validate = useCallback((v: GrantValues) => validateGrant(v, ctx), [ctx]);
  const form = useForm<GrantValues>(initialGrantValues(kind, doc.prefill), validate);
  const [showNotice, setShowNotice] = useState(Boolean(doc.alreadySubmitted));
  const [done, setDone] = useState<CaseSubmitted | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const { push } = useStatusMessages();
  const thisYear = Number(today.slice(0, 4));
  const shown = useMemo(() => new Set(fields.map((f) => f.name)), [fields]);

  const submit = useBffMutation({
    mutationKey: ['grants', 'submit', doc.id],
    mutationFn: (caseFields: CaseFields) => grantsApi.submitCase(doc.id, { fields: caseFields }),
    onSuccess: (answer, _fields, client) => {
      setDone(answer);
      push({ message: answer.message || grantMessage('submittedStatus') });
      void client.invalidateQueries({ queryKey: CASES_KEY });
    },
    onError: (error: BffError) => {
      // The BFF is the authority: its field errors go on the fields; any it names that this form
      // does not show, or a failure without fields, go in the alert.
      console.debug('grant submission failed', error);
      const onFields = Object.fromEntries(Object.entries(error.fields).filter(([name]) => shown.has(name)));
      const elsewhere = Object.entries(error.fields).filter(([name]) => !shown.has(name)).map(([, m]) => m);
      form.setServerErrors(onFields);
      focusFirstError(formRef.current, onFields);
      if (error.status === 400 && Object.keys(error.fields).length > 0) setAlert(elsewhere.length ? elsewhere.join(' ') : null);
      else if (error.status >= 400 && error.status < 500 && error.status !== 401) setAlert(error.detail);
      else setAlert(grantMessage('submitError', { phone: doc.supportPhone }));
    },
  });

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submit.pending || done) return;
    if (!passesOnSubmit(form, formRef.current)) return;
    setAlert(null);
    form.setServerErrors({});
    void submit.run(toCaseFields(form.values, kind));
  }

  if (showNotice && doc.alreadySubmitted) {
    return (
      <AlreadySubmittedNotice submitted={doc.alreadySubmitted.submitted} uid={uid} onSubmitAnother={() => setShowNotice(false)} />
    );
  }

  const control = (field: GrantField) => (
    <div key={field.name} className={WIDE.has(field.name) || WIDE_TYPES.has(field.type) ? formStyles.wide : undefined}>
      <GrantFieldControl
        field={field}
        value={form.values[field.name]}
        onChange={(value) => form.update((v) => ({ ...v, [field.name]: value }))}
        onTouch={() => form.touch(field.name)}
        required={isRequired(field, doc.unionLocalRequired)}
        error={form.errorOf(field.name)}
        valid={!done && form.validOf(field.name)}
        unions={doc.unions}
        thisYear={thisYear}
        disabled={Boolean(done)}
      />
    </div>
  );
  const byName = new Map(fields.map((f) => [f.name, f]));
  const common = new Set(SECTIONS.flatMap((s) => s.fields));
  const own = fields.filter((f) => !common.has(f.name) && f.name !== TERMS_FIELD);
  const terms = byName.get(TERMS_FIELD);
  const concluding = done ? doc.texts.concluding : undefined;

  return (
    <div className={styles.body}>
      {done ? (
        <section className={styles.done} aria-labelledby="grant-done-title">
          <h2 id="grant-done-title" ref={doneRef} tabIndex={-1} className={styles.doneTitle}>
            {grantMessage('submitted')}
          </h2>
          <p>{grantMessage('submittedThanks')}</p>
          {concluding && <RichText html={concluding} />}
          {/* What happens to the application next, in the program's words (spec 2 §2). */}
          {doc.texts.statusText && <RichText html={doc.texts.statusText} className={styles.statusText} />}
          <CaseStatusBlock item={done.case} uploads={<CaseUploads caseId={done.case.id} supportPhone={doc.supportPhone} />} />
        </section>
      ) : (
        doc.texts.intro && <RichText html={doc.texts.intro} className={styles.intro} />
      )}
      <form ref={formRef} className={formStyles.form} onSubmit={onSubmit} noValidate aria-label={doc.title}>
        <p className={styles.requiredNote}>
          Fields marked <span aria-hidden="true">*</span>
          <span className="visually-hidden">with an asterisk</span> are required.
        </p>
        {SECTIONS.map((section) => (
          <FormSection key={section.title} title={section.title}>
            <div className={formStyles.grid}>
              {section.fields.map((name) => byName.get(name)).filter((f): f is GrantField => Boolean(f)).map(control)}
            </div>
          </FormSection>
        ))}
        {own.length > 0 && (
          <FormSection title="Your Application">
            <div className={formStyles.grid}>{own.map(control)}</div>
          </FormSection>
        )}
        <FormSection title="Terms">
          {doc.texts.disclaimer && <RichText html={doc.texts.disclaimer} className={styles.disclaimer} />}
          {terms && control(terms)}
        </FormSection>
        <FormAlert message={alert} />
        {(!done || concluding) && (
          <div className={formStyles.actions}>
            <button
              type="submit"
              className={`${buttons.button} ${buttons.primary} ${formStyles.button}`}
              disabled={submit.pending || Boolean(done)}
              aria-busy={submit.pending || undefined}
            >
              {submit.pending ? 'Submitting…' : 'Submit'}
            </button>
          </div>
        )}
      </form>
    </div>
  );
}
