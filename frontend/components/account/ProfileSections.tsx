'use client';

import type { VisibleUnion } from '@/lib/bff/types';
import { options } from '@/lib/accounts';
import buttons from '@/components/common/ButtonLink.module.css';
import { CheckboxField, ChoiceGroup } from '@/components/forms/choices';
import { SelectField, TextField } from '@/components/forms/fields';
import formStyles from '@/components/forms/Form.module.css';
import { FormSection } from '@/components/forms/FormSection';
import { RichText } from '@/components/common/RichText';
import { leftForSubmit, type Form } from '@/components/forms/useForm';
import { EmailVerification } from './EmailVerification';
import { BIRTH_DAYS, birthYears, statesOf, withCountry, withPhone, type ProfileValues } from './profileForm';
import styles from './AccountForm.module.css';

type SectionProps = { form: Form<ProfileValues> };

const CHOOSE = '- Select -';

interface YourInformationProps extends SectionProps {
  /** The session's email: shown, never edited here. */
  email: string;
  onChangeEmail: () => void;
  thisYear: number;
  emailVerified: boolean;
}

/** Your Information: name, email, phone and the two opt-ins, birthday. */
export function YourInformation({ form, email, onChangeEmail, thisYear, emailVerified }: YourInformationProps) {
  const { values, update, touch } = form;
  const phone = form.bind('mobilePhone');
  const hasPhone = values.mobilePhone.trim() !== '';
  return (
    <FormSection title="Your Information">
      <div className={formStyles.grid}>
        <TextField label="First Name" autoComplete="given-name" required maxLength={80} {...form.bind('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" required maxLength={80} {...form.bind('lastName')} />
        <div className={`${formStyles.wide} ${styles.stack}`}>
          <div className={styles.emailRow}>
            <TextField label="Email" type="email" name="email" value={email} readOnly error={form.errorOf('email')} />
            <button type="button" className={`${buttons.button} ${buttons.secondary}`} onClick={onChangeEmail}>
              Change Email
            </button>
          </div>
          <EmailVerification verified={emailVerified} />
        </div>
        <TextField
          label="Mobile Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={20}
          hint="For example (123) 456-7890"
          {...phone}
          onChange={(e) => update((v) => withPhone(v, e.target.value))}
        />
        <div className={formStyles.wide}>
          <CheckboxField
            label="Text me about new benefits (about 1 message a month)"
            hint={hasPhone ? undefined : 'Add a mobile phone number to get texts.'}
            disabled={!hasPhone}
            error={form.errorOf('mobileOpt')}
            {...form.bindChecked('mobileOpt')}
          />
          <CheckboxField label="Email me about new benefits, tips and updates" {...form.bindChecked('emailOpt')} />
        </div>
        <div className={formStyles.wide}>
          <BirthdayField form={form} thisYear={thisYear} onLeave={() => touch('birthMonth')} />
        </div>
      </div>
    </FormSection>
  );
}

/**
 * Month, day and year as three selects in one group; the group counts as touched only once the
 * focus leaves all three, so choosing the month does not already call the birthday incomplete.
 */
function BirthdayField({ form, thisYear, onLeave }: SectionProps & { thisYear: number; onLeave: () => void }) {
  const error = form.errorOf('birthMonth');
  // The group shows the one error; each select gives only its value.
  const select = (field: 'birthMonth' | 'birthDay' | 'birthYear') => {
    const { name, value, onChange } = form.bind(field);
    return { name, value, onChange };
  };
  return (
    <div
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null) && !leftForSubmit(e)) onLeave();
      }}
    >
      <ChoiceGroup legend="Birthday" name="birthday" error={error} layout="plain">
        <div className={styles.birthday}>
          <SelectField
            label="Month"
            placeholder="Month"
            options={options.birthMonth}
            autoComplete="bday-month"
            aria-invalid={error ? true : undefined}
            {...select('birthMonth')}
          />
          <SelectField label="Day" placeholder="Day" options={BIRTH_DAYS} autoComplete="bday-day" {...select('birthDay')} />
          <SelectField
            label="Year"
            placeholder="Year"
            options={birthYears(thisYear)}
            autoComplete="bday-year"
            {...select('birthYear')}
          />
        </div>
      </ChoiceGroup>
    </div>
  );
}

/** Union Information: the union (from the unions the member may choose), year joined, local and the rest. */
export function UnionInformation({ form, unions, intro }: SectionProps & { unions: VisibleUnion[]; intro?: string }) {
  const { values } = form;
  const unionOptions = unions.map((u) => ({ value: u.id, label: u.unionLabel }));
  return (
    <FormSection title="Union Information">
      {intro && <RichText html={intro} className={styles.sectionIntro} />}
      <div className={formStyles.grid}>
        <div className={formStyles.wide}>
          <SelectField label="Union" placeholder="Select your union" options={unionOptions} required {...form.bind('union')} />
        </div>
        <TextField label="Year Joined" inputMode="numeric" maxLength={4} hint="4 digits, e.g. 2010" {...form.bind('unionJoined')} />
        <TextField label="Local" maxLength={200} {...form.bind('unionLocal')} />
        <SelectField label="Role" placeholder={CHOOSE} options={options.unionRole} {...form.bind('unionRole')} />
        <SelectField label="Relationship to the Union" placeholder={CHOOSE} options={options.unionRelationship} {...form.bind('unionRelationship')} />
        <SelectField label="Employment Status" placeholder={CHOOSE} options={options.employmentStatus} {...form.bind('employmentStatus')} />
        <div className={formStyles.wide}>
          <CheckboxField label="Share my household income to see offers that fit it" {...form.bindChecked('incomeOpt')} />
        </div>
        {values.incomeOpt && (
          <SelectField label="Annual Household Income" placeholder={CHOOSE} options={options.incomeRange} {...form.bind('incomeRange')} />
        )}
      </div>
    </FormSection>
  );
}

/** Home Address: the state list follows the country. */
export function HomeAddress({ form, intro }: SectionProps & { intro?: string }) {
  const country = form.bind('home.country');
  return (
    <FormSection title="Home Address">
      {intro && <RichText html={intro} className={styles.sectionIntro} />}
      <div className={formStyles.grid}>
        <div className={formStyles.wide}>
          <TextField label="Address" autoComplete="address-line1" maxLength={200} {...form.bind('home.address1')} />
        </div>
        <div className={formStyles.wide}>
          <TextField label="Address Line 2" autoComplete="address-line2" maxLength={200} {...form.bind('home.address2')} />
        </div>
        <TextField label="City" autoComplete="address-level2" maxLength={200} {...form.bind('home.city')} />
        <SelectField
          label="Country"
          placeholder={CHOOSE}
          options={options.country}
          autoComplete="country"
          {...country}
          onChange={(e) => form.update((v) => withCountry(v, e.target.value))}
        />
        <SelectField
          label="State / Province"
          placeholder={CHOOSE}
          options={statesOf(form.values['home.country'])}
          {...form.bind('home.state')}
        />
        <TextField label="Zip / Postal Code" autoComplete="postal-code" required maxLength={10} {...form.bind('home.zip')} />
      </div>
    </FormSection>
  );
}
