import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getForm, getMember } from '@/lib/bff/server';
import { BffError } from '@/lib/bff/error';
import type { FormDocument, GrantKind } from '@/lib/bff/types';
import { grantMessage } from '@/lib/grants';
import { loginHref } from '@/lib/returnTo';
import { QueryScope } from '@/lib/query/QueryScope';
import { StatusMessage } from '@/components/common/StatusMessage';
import { ButtonLink } from '@/components/common/ButtonLink';
import { PageHero } from '@/components/heroes/PageHero';
import { ExternalFormBody } from '@/components/grants/ExternalFormFrame';
import { GrantForm } from '@/components/grants/GrantForm';
import { isoToday } from '@/components/grants/dateParts';
import styles from '@/components/grants/Grants.module.css';

type Props = { params: Promise<{ id: string }> };

const NOINDEX = { index: false, follow: false } as const;

/** What the BFF answered for a form: the document, 'Unknown form type', or a visitor after all. */
type Loaded = { form: FormDocument } | { unknownType: true } | { visitor: true };

/**
 * The form for the signed-in member. A 404 is '404 not found.' (Next's not-found page) unless the
 * BFF says the entry has no form type; a 401 means the session ended since the member check.
 */
async function load(id: string): Promise<Loaded> {
  try {
    return { form: await getForm(id) };
  } catch (error) {
    if (error instanceof BffError && error.status === 404) {
      if (error.detail === grantMessage('formUnknownType')) return { unknownType: true };
      notFound();
    }
    if (error instanceof BffError && error.status === 401) return { visitor: true };
    throw error;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  if (!(await getMember())) return { title: 'Log In', robots: NOINDEX };
  try {
    return { title: (await getForm(id)).title, robots: NOINDEX };
  } catch {
    // The page itself decides what a failure shows; its head only needs a title.
    return { title: 'Application Form', robots: NOINDEX };
  }
}

/**
 * A grant application form, /form/{id} (spec 2 §2): members only; a visitor goes home with the
 * login modal and comes back here once signed in. A grant form is drawn from grants.json for its
 * kind; an external-only one is framed.
 */
export default async function FormPage({ params }: Props) {
  const { id } = await params;
  const destination = `/form/${encodeURIComponent(id)}`;
  const member = await getMember();
  if (!member) redirect(loginHref(destination));

  const loaded = await load(id);
  if ('visitor' in loaded) redirect(loginHref(destination));
  if ('unknownType' in loaded) {
    return (
      <StatusMessage
        eyebrow="Error"
        headline={grantMessage('formUnknownType')}
        text="This form cannot be shown. Please choose another from your benefits."
        actions={<ButtonLink link={{ url: '/', title: 'Take me home' }} />}
      />
    );
  }

  const { form } = loaded;
  return (
    <>
      <PageHero hero={{ variant: 'basic', headline: form.title }} />
      <div className={`container ${styles.page}`}>
        {form.type === 'external' && form.external ? (
          <ExternalFormBody external={form.external} title={form.title} texts={form.texts} />
        ) : form.kind ? (
          // Its case's uploads, shown once it is sent, read their files as a query.
          <QueryScope>
            <GrantForm form={form as FormDocument & { kind: GrantKind }} uid={member.uid} today={isoToday()} />
          </QueryScope>
        ) : (
          <p>{grantMessage('formUnknownType')}</p>
        )}
      </div>
    </>
  );
}
