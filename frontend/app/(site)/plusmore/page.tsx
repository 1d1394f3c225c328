import type { Metadata } from 'next';
import { PlusMorePage } from '@/components/page/PlusMorePage';
import { plusMoreContext } from '@/components/page/plusMoreContext';

export const metadata: Metadata = { title: 'Plus More' };

/** /plusmore: the Plus More sign-up landing (spec 1 §1, spec 3 §2). */
export default async function Page() {
  const { productName, union } = await plusMoreContext();
  return (
    <PlusMorePage
      source="plusmore"
      productName={productName}
      defaultUnion={union}
      headline="Get more from your union membership"
      description="Join the list for member-only deals, money tips and hardship help news, made for union families."
    />
  );
}
