'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useReducer, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { JobLossPrecheck as Settings } from '@/lib/bff/types';
import {
  cardHeldSince,
  comeBackOn,
  localToday,
  outOfWorkOn,
  precheckMessage as t,
  precheckRules,
  showDate,
} from '@/lib/precheck';
import buttons from '@/components/common/ButtonLink.module.css';
import formStyles from '@/components/forms/Form.module.css';
import { toIsoDate } from '@/components/grants/dateParts';
import { DateField } from '@/components/grants/DateField';
import { canContinue, initialPrecheck, precheckReducer, type Ineligibility, type PrecheckState } from './precheckReducer';
import styles from './Precheck.module.css';

export interface JobLossPrecheckProps {
  precheck: Settings;
}

/**
 * The job loss grant pre-check (spec 2 §2, §4): five steps (introduction, last day at work, the
 * card, held since, the result) with Go back and Continue. Continue waits for an answer; a No, or
 * a last day at work outside the window, shows why with an 'apply anyway' link to the form. The
 * heading of each new step takes the focus, so keyboard and screen-reader users start there.
 */
export function JobLossPrecheck({ precheck }: JobLossPrecheckProps) {
  const [state, dispatch] = useReducer(precheckReducer, initialPrecheck);
  const router = useRouter();
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const movedRef = useRef(false);
  // The year list's last year; the date step is only ever drawn in the browser, after a click.
  const [thisYear] = useState(() => new Date().getFullYear());
  const { step } = state;
  const formHref = `/form/${encodeURIComponent(precheck.formId)}`;
  const words = { product: precheck.productName, phone: precheck.supportPhone };

  useEffect(() => {
    if (movedRef.current) headingRef.current?.focus();
  }, [step]);

  function goBack() {
    if (step === 1) {
      // Back from the introduction is the browser's back; a tab opened on the wizard goes home.
      if (window.history.length > 1) router.back();
      else router.push('/');
      return;
    }
    movedRef.current = true;
    dispatch({ type: 'back' });
  }

  function goOn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canContinue(state)) return;
    movedRef.current = true;
    dispatch({ type: 'next' });
  }

  const headingId = `${id}-heading`;
  const progressId = `${id}-progress`;
  const last = state.lastWorkDay;
  const title =
    step === 1
      ? t('introTitle')
      : step === 2
        ? t('dateTitle')
        : step === 3
          ? t('cardTitle', words)
          : step === 4
            ? t('heldTitle', { date: last ? showDate(cardHeldSince(last)) : '' })
            : t('resultTitle');

  const yesNo = (
    <fieldset className={`${formStyles.group} ${styles.answers}`} aria-labelledby={headingId}>
      <div className={formStyles.inlineChoices}>
        {(['yes', 'no'] as const).map((value) => (
          <label key={value} className={`${formStyles.choice} ${styles.answer}`}>
            <input
              type="radio"
              name={`${id}-answer`}
              value={value}
              checked={state.answer === value}
              onChange={() => dispatch({ type: 'answer', answer: value })}
            />
            <span>{t(value)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );

  let body: ReactNode;
  switch (step) {
    case 1:
      body = (
        <>
          <p>{t('introText', words)}</p>
          <h3 className={styles.subheading}>{t('rulesTitle')}</h3>
          <ul className={styles.list}>
            <li>{t('rulesUnemployed')}</li>
            <li>{t('rulesCard')}</li>
          </ul>
        </>
      );
      break;
    case 2:
      body = (
        <DateField
          legend={t('dateLegend')}
          name="lastWorkDay"
          value={state.date}
          onChange={(date) => dispatch({ type: 'date', date, today: localToday() })}
          thisYear={thisYear}
        />
      );
      break;
    case 3:
      body = yesNo;
      break;
    case 4:
      body = (
        <>
          <p className={styles.hint}>{t('heldHint')}</p>
          {yesNo}
        </>
      );
      break;
    case 5:
      body = (
        <>
          <p>{t('resultText')}</p>
          <ul className={styles.list}>
            <li>{t('documentLastDay')}</li>
            <li>{t('documentOutOfWork', { date: last ? showDate(outOfWorkOn(last)) : '' })}</li>
          </ul>
          {precheck.documentsUrl && (
            <p>
              <a className={styles.link} href={precheck.documentsUrl} target="_blank" rel="noopener noreferrer">
                {t('documentsLink')}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </p>
          )}
          <p>{t('resultCall', words)}</p>
        </>
      );
      break;
  }

  return (
    <section className={styles.wizard} aria-labelledby={headingId} data-step={step}>
      <div className={styles.progress}>
        <p id={progressId} className={styles.stepOf}>
          {t('stepOf', { step, steps: precheckRules.steps })}
        </p>
        <ol className={styles.dots} aria-hidden="true">
          {Array.from({ length: precheckRules.steps }, (_, i) => (
            <li key={i} data-done={i + 1 < step || undefined} data-current={i + 1 === step || undefined} />
          ))}
        </ol>
      </div>
      <form className={styles.step} onSubmit={goOn} noValidate>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.title} aria-describedby={progressId}>
          {title}
        </h2>
        {body}
        <div className={styles.notice} role="status">
          {state.ineligible && (
            <Ineligible reason={state.ineligible} state={state} formHref={formHref} phone={precheck.supportPhone} product={precheck.productName} />
          )}
        </div>
        <div className={styles.actions}>
          <button type="button" className={`${buttons.button} ${buttons.secondary}`} onClick={goBack}>
            {t('back')}
          </button>
          {step === precheckRules.steps ? (
            <Link href={formHref} className={`${buttons.button} ${buttons.primary}`}>
              {t('continue')}
            </Link>
          ) : (
            <button
              type="submit"
              className={`${buttons.button} ${buttons.primary} ${formStyles.button}`}
              disabled={!canContinue(state)}
            >
              {step === 1 ? t('start') : t('continue')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

interface IneligibleProps {
  reason: Ineligibility;
  state: PrecheckState;
  formHref: string;
  phone: string;
  product: string;
}

/**
 * Why the answers rule the member out (spec 2 §8): the spec's sentence, then at step 2 when to
 * come back (too soon) or the 24-month rule (too late), at step 3 who the grant is for, at step 4
 * the three-month rule and the support line; always the 'apply anyway' link to the form.
 */
function Ineligible({ reason, state, formHref, phone, product }: IneligibleProps) {
  const lastWorkDay = toIsoDate(state.date);
  const why: Record<Ineligibility, ReactNode> = {
    tooSoon: <p>{t('comeBack', { date: lastWorkDay ? showDate(comeBackOn(lastWorkDay)) : '' })}</p>,
    tooLate: <p>{t('tooLate')}</p>,
    noCard: <p>{t('cardRequired', { product })}</p>,
    notHeld: (
      <>
        <p>{t('heldRequired')}</p>
        <p>{t('callSupport', { phone })}</p>
      </>
    ),
  };
  const [before, after = ''] = t('applyAnyway').split('{link}');
  return (
    <div className={styles.ineligible} data-reason={reason}>
      <p className={styles.ineligibleTitle}>{t('ineligible')}</p>
      {why[reason]}
      <p>
        {before}
        <Link href={formHref} className={styles.link}>
          {t('applyAnywayLink')}
        </Link>
        {after}
      </p>
    </div>
  );
}
