import type { Metadata } from 'next';
import { PlusMorePage } from '@/components/page/PlusMorePage';
import { plusMoreContext } from '@/components/page/plusMoreContext';

export const metadata: Metadata = { title: 'Plus More email sign-up' };

/** /plusmore-email: the Plus More email sign-up (spec 1 §1, spec 3 §2). */
export default async function Page() {
  return <PlusMorePage source="plusmore-email" {...await plusMoreContext()} />;
}
