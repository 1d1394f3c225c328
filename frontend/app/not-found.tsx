import type { Metadata } from 'next';
import { ButtonLink } from '@/components/common/ButtonLink';
import { StatusMessage } from '@/components/common/StatusMessage';

export const metadata: Metadata = {
  title: 'Not Found',
  robots: { index: false, follow: false },
};

export default function NotFound() {
  return (
    <StatusMessage
      eyebrow="404"
      headline="Page not found"
      text="The page you are looking for may have moved, or the link may be out of date."
      actions={<ButtonLink link={{ url: '/', title: 'Take me home' }} />}
    />
  );
}
