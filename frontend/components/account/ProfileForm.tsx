'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { accountApi } from '@/lib/bff/browser';
import { useBffMutation } from '@/lib/bff/useBffMutation';
import type { ProfileDocument, VisibleUnion } from '@/lib/bff/types';
import { limits } from '@/lib/accounts';
import { accountHref } from '@/lib/accountRoutes';
import { withParams } from '@/lib/url';
import buttons from '@/components/common/ButtonLink.module.css';
import { showOnForm } from '@/components/forms/failure';
import { FormAlert } from '@/components/forms/fields';
import styles from '@/components/forms/Form.module.css';
import { passesOnSubmit, useForm } from '@/components/forms/useForm';
import { useSession } from '@/components/session/SessionProvider';
import type { QueryMessageCode } from '@/components/status/queryMessages';
import { ChangeEmailDialog } from './ChangeEmailDialog';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { HomeAddress, UnionInformation, YourInformation } from './ProfileSections';
import { toProfileUpdate, toProfileValues, validateProfile, type ProfileValues } from './profileForm';

interface ProfileFormProps {
  /** The stored profile and whether the email is verified. */
  stored: ProfileDocument;
  /** The unions the member may choose, from the session. */
  unions: VisibleUnion[];
  uid: string;
  /** The server's year, so the birthday years are the same on both sides of hydration. */
  thisYear: number;
}

const validate = (v: ProfileValues) => validateProfile(v, new Date());

/**
 * My Profile (spec 1 §2, §4): three sections, 'Save and Continue', and the Change Email and
 * Change Password dialogs. A save runs once at a time; on success the session is read again (the
 * header's name, the union the site is shaped for), and after 600 ms the member goes on to My
 * Interests, where the success message shows (a message shown here would be closed by the route
 * change: spec 1 §4 closes the first message on every route change).
 */
export function ProfileForm({ stored, unions, uid, thisYear }: ProfileFormProps) {
  const { member, refresh } = useSession();
  const router = useRouter();
  const form = useForm(toProfileValues(stored.profile), validate);
  const formRef = useRef<HTMLFormElement>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'email' | 'password' | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  const email = member?.email ?? stored.profile.email;
  const save = useBffMutation({
    mutationFn: accountApi.saveProfile,
    onSuccess: async () => {
      form.saved();
      await refresh();
      router.refresh();
      await new Promise((resolve) => setTimeout(resolve, limits.profileSuccessDelayMs));
      // The BFF's answer says 'profileUpdated' in words; the address carries the code
      // (components/status/queryMessages.tsx), as it never carries text.
      router.push(withParams(accountHref(uid, 'interests'), null, { message: 'profileUpdated' satisfies QueryMessageCode }));
    },
    onError: (error) => setAlert(showOnForm(error, form, formRef.current, 'profileError')),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.pending) return;
    if (!passesOnSubmit(form, formRef.current)) return;
    setAlert(null);
    form.setServerErrors({});
    void save.run(toProfileUpdate(form.values, email));
  }

  return (
    <>
      <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-label="My Profile">
        <YourInformation
          form={form}
          email={email}
          onChangeEmail={() => setDialog('email')}
          thisYear={thisYear}
          emailVerified={stored.emailVerified}
        />
        {/* Each section's intro is the editors' (union_structure_profile), when they wrote one. */}
        <UnionInformation form={form} unions={unions} intro={stored.texts?.unionInformation} />
        <HomeAddress form={form} intro={stored.texts?.homeAddress} />
        <FormAlert message={alert} />
        <div className={styles.actions}>
          <button
            type="submit"
            className={`${buttons.button} ${buttons.primary} ${styles.button}`}
            disabled={save.pending}
            aria-busy={save.pending || undefined}
          >
            Save and Continue
          </button>
          <button type="button" className={`${buttons.button} ${buttons.secondary}`} onClick={() => setDialog('password')}>
            Change Password
          </button>
        </div>
      </form>
      {dialog === 'email' && <ChangeEmailDialog onClose={closeDialog} />}
      {dialog === 'password' && <ChangePasswordDialog onClose={closeDialog} />}
    </>
  );
}
