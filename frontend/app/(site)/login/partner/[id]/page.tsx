import type { Metadata } from 'next';
import { getPartner } from '@/lib/bff/server';
import { partnerMessage } from '@/lib/partners';
import { QueryScope } from '@/lib/query/QueryScope';
import { PartnerLogin } from '@/components/partners/PartnerLogin';
import styles from '@/components/partners/PartnerLogin.module.css';

type Params = Promise<{ id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const partner = await getPartner((await params).id);
  return {
    title: partner ? partnerMessage('signInTitle', { partner: partner.name }) : partnerMessage('partnerNotFoundTitle'),
    // A popup for partners, never a page to find.
    robots: { index: false, follow: false },
  };
}

/**
 * The partner login popup, /login/partner/{id} (spec 1 §2): partner sites open it so a member signs
 * in with their union account and the partner receives a sign-in token. The root layout leaves
 * out the main menu and shows the short footer here (components/layout/NotInPopup).
 */
export default async function PartnerLoginPage({ params }: { params: Params }) {
  const { id } = await params;
  const partner = await getPartner(id);
  if (!partner) {
    return (
      <div className={styles.popup}>
        <div role="alert" className={styles.error}>
          <h1 className={styles.title}>{partnerMessage('partnerNotFoundTitle')}</h1>
          <p className={styles.text}>{partnerMessage('partnerNotFound', { id })}</p>
        </div>
      </div>
    );
  }
  return (
    <QueryScope>
      <PartnerLogin initial={partner} />
    </QueryScope>
  );
}
