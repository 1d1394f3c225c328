'use client';

import Link from 'next/link';
import { useRef, useState, type FormEvent } from 'react';
import { PRIVACY_HREF, TERMS_HREF } from '@/lib/accountRoutes';
import { accountApi } from '@/lib/bff/browser';
import { useBffMutation } from '@/lib/bff/useBffMutation';
import type { Profile } from '@/lib/bff/types';
import { message, options, OTHER_CARRIER, VEHICLE_OWNER_YES } from '@/lib/accounts';
import buttons from '@/components/common/ButtonLink.module.css';
import { CheckboxGroup, RadioGroup } from '@/components/forms/choices';
import { showOnForm } from '@/components/forms/failure';
import { FormAlert, SelectField, TextField } from '@/components/forms/fields';
import formStyles from '@/components/forms/Form.module.css';
import { FormSection } from '@/components/forms/FormSection';
import { passesOnSubmit, useForm } from '@/components/forms/useForm';
import { useStatusMessages } from '@/components/status/StatusMessages';
import {
  modelsOf,
  toInterestsUpdate,
  toInterestsValues,
  validateInterests,
  withInterest,
  withVehicleMake,
  withVehicleOwner,
} from './interestsForm';
import styles from './AccountForm.module.css';

/** Its wording is part of the minimum-one message: 'Minimum of one "What are you interested in?"…'. */
const INTERESTS_LEGEND = 'What are you interested in?';
const CHOOSE = '- Select -';

/** The "Your Home" questions: yes/no-style radios, each an option table of contracts/accounts.json. */
const HOME_QUESTIONS = [
  { name: 'spanishSpeakerInHome', legend: 'Does anyone in your home speak Spanish?' },
  { name: 'homeowner', legend: 'Do you rent or own your home?' },
  { name: 'recommendUp', legend: 'Would you recommend these member benefits to a friend?' },
] as const;

/**
 * My Interests (spec 1 §2, §4): the interests, the wireless carrier, the car and three questions
 * about the home. Save is enabled once something changed and not while saving; the answer's
 * message shows and the member stays on the page.
 */
export function InterestsForm({ profile }: { profile: Profile }) {
  const form = useForm(toInterestsValues(profile), validateInterests);
  const { values, update, touch } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const { push } = useStatusMessages();
  const save = useBffMutation({
    mutationFn: accountApi.saveInterests,
    onSuccess: (saved) => {
      form.saved();
      push({ message: saved.message ?? message('interestsUpdated') });
    },
    onError: (error) => setAlert(showOnForm(error, form, formRef.current, 'interestsError')),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.pending || !form.dirty) return;
    if (!passesOnSubmit(form, formRef.current)) return;
    setAlert(null);
    void save.run(toInterestsUpdate(values));
  }

  const carOwner = values.vehicleOwner === VEHICLE_OWNER_YES;
  return (
    <form ref={formRef} className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="My Interests">
      <FormSection title="Your Interests">
        <CheckboxGroup
          legend={INTERESTS_LEGEND}
          name="interests"
          required
          options={options.interests}
          values={values.interests}
          error={form.errorOf('interests')}
          onToggle={(interest, on) => {
            update((v) => withInterest(v, interest, on));
            touch('interests');
          }}
        />
      </FormSection>

      <FormSection title="Wireless">
        <div className={formStyles.grid}>
          <div className={formStyles.wide}>
            <SelectField
              label="Who is your wireless carrier?"
              placeholder={CHOOSE}
              options={options.wirelessCarrier}
              required
              {...form.bind('wirelessCarrier')}
            />
          </div>
          {values.wirelessCarrier === OTHER_CARRIER && (
            <div className={formStyles.wide}>
              <TextField label="Other carrier" required maxLength={200} {...form.bind('wirelessCarrierOther')} />
            </div>
          )}
        </div>
      </FormSection>

      <FormSection title="Your Car">
        <RadioGroup
          legend="Do you own a car?"
          name="vehicleOwner"
          layout="inline"
          options={options.vehicleOwner}
          value={values.vehicleOwner}
          error={form.errorOf('vehicleOwner')}
          onChange={(owner) => update((v) => withVehicleOwner(v, owner))}
        />
        {carOwner && (
          <div className={formStyles.grid}>
            <SelectField
              label="Make"
              placeholder={CHOOSE}
              options={options.vehicleMakes}
              required
              {...form.bind('vehicleMake')}
              onChange={(e) => update((v) => withVehicleMake(v, e.target.value))}
            />
            <SelectField
              label="Model"
              placeholder={CHOOSE}
              options={modelsOf(values.vehicleMake)}
              required
              disabled={!values.vehicleMake}
              {...form.bind('vehicleModel')}
            />
          </div>
        )}
      </FormSection>

      <FormSection title="Your Home">
        {HOME_QUESTIONS.map(({ name, legend }) => (
          <RadioGroup
            key={name}
            legend={legend}
            name={name}
            layout="inline"
            options={options[name]}
            value={values[name]}
            error={form.errorOf(name)}
            onChange={(answer) => update((v) => ({ ...v, [name]: answer }))}
          />
        ))}
      </FormSection>

      <FormAlert message={alert} />
      <p className={styles.legal}>
        We use your answers to show you the benefits that fit you. See our <Link href={TERMS_HREF}>Terms and Conditions</Link> and{' '}
        <Link href={PRIVACY_HREF}>Privacy Policy</Link>.
      </p>
      <div className={formStyles.actions}>
        <button
          type="submit"
          className={`${buttons.button} ${buttons.primary} ${formStyles.button}`}
          disabled={!form.dirty || save.pending}
          aria-busy={save.pending || undefined}
        >
          Save
        </button>
      </div>
    </form>
  );
}
