import type { Metadata } from 'next';
import { PlusMorePage } from '@/components/page/PlusMorePage';
import { plusMoreContext } from '@/components/page/plusMoreContext';

export const metadata: Metadata = { title: 'Plus More' };

/** /plusmore: the Plus More sign-up landing (spec 1 §1, spec 3 §2). */
export default async function Page() {
  return <PlusMorePage source="plusmore" {...await plusMoreContext()} />;
}
