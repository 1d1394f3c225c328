import type { Metadata } from 'next';
import { ButtonLink } from '@/components/common/ButtonLink';
import { StatusMessage } from '@/components/common/StatusMessage';
import { firstParam, type SearchParams } from '@/lib/request';

export const metadata: Metadata = {
  title: 'Preview unavailable',
  robots: { index: false, follow: false },
};

/** What each refusal (lib/preview.ts RefusalReason) tells the editor; only these words are ever shown. */
const REASONS = {
  expired: 'This preview link has expired. Open a new one from the CMS.',
  invalid: 'This preview link is not valid. Open a new one from the CMS.',
  'other-page': 'This preview link names a different page. Open a new one from the CMS.',
  gone: 'This draft no longer exists. Open a new preview from the CMS.',
} as const;

/** Where /api/preview sends an editor whose link the BFF refused: why, and the way home. */
export default async function PreviewRefused({ searchParams }: { searchParams: SearchParams }) {
  const reason = firstParam((await searchParams).reason);
  const text = reason && reason in REASONS ? REASONS[reason as keyof typeof REASONS] : REASONS.invalid;
  return (
    <StatusMessage
      eyebrow="Preview"
      headline="This preview cannot be shown"
      text={text}
      actions={<ButtonLink link={{ url: '/', title: 'Take me home' }} />}
    />
  );
}
