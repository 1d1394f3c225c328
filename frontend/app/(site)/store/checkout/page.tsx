import type { Metadata } from 'next';
import NextLink from 'next/link';
import { redirect, unstable_rethrow } from 'next/navigation';
import { accountHref } from '@/lib/accountRoutes';
import { getCart, getMember, getProfile, getStore } from '@/lib/bff/server';
import type { Member } from '@/lib/bff/types';
import { config } from '@/lib/config';
import { QueryScope } from '@/lib/query/QueryScope';
import { requestUnion } from '@/lib/request';
import { loginHref } from '@/lib/returnTo';
import { storeMessage } from '@/lib/store';
import { PageHero } from '@/components/heroes/PageHero';
import { STORE_HREF } from '@/components/store/CartModal';
import { Checkout } from '@/components/store/Checkout';
import type { InformationValues } from '@/components/store/checkoutForm';
import { unionShortName } from '@/components/store/states';
import styles from '@/components/store/Checkout.module.css';

export const metadata: Metadata = {
  title: storeMessage('checkoutTitle'),
  robots: { index: false, follow: false },
};

const CHECKOUT_PATH = '/store/checkout';

/** A read the page can do without: its failure is logged and the page goes on without it. */
async function optional<T>(what: string, read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    // Next signals a dynamic render by throwing; that is not a failure to swallow.
    unstable_rethrow(error);
    console.error(`checkout: ${what} unavailable`, error);
    return undefined;
  }
}

/**
 * What step 1 starts with: the member's name, email and phone from their profile (the session's
 * where the profile cannot be read) and their union's short name, from the store index, which is
 * read for their union.
 */
async function prefillOf(member: Member, union: string | undefined): Promise<Partial<InformationValues>> {
  const profile = (await optional('profile', getProfile))?.profile;
  return {
    firstName: profile?.firstName || member.firstName || '',
    lastName: profile?.lastName || member.lastName || '',
    email: profile?.email || member.email,
    phone: profile?.mobilePhone?.replace(/\D/g, '') ?? '',
    union: union ?? '',
  };
}

/**
 * Checkout, /store/checkout (spec 3 §2 'Checkout'): members only (spec 3 §6). The cart's Continue
 * signs a visitor in over the store and comes here after; a visitor who opens this address goes
 * home with the login modal and comes back here once signed in. Either way the cart they filled
 * is kept (the BFF merges it into the member's at sign-in). The cart, the profile and the store's shipping state
 * are read here with the member's cookies, so the first paint shows the steps filled in.
 */
export default async function CheckoutPage() {
  const member = await getMember();
  if (!member) redirect(loginHref(CHECKOUT_PATH));

  const union = await requestUnion();
  const [cart, store] = await Promise.all([optional('cart', getCart), optional('store', () => getStore(union))]);
  const prefill = await prefillOf(member, unionShortName(member.union ?? store?.union));
  return (
    <>
      <PageHero hero={{ variant: 'basic', headline: storeMessage('checkoutTitle') }} />
      <div className="container">
        <div className={styles.page}>
          <NextLink href={STORE_HREF} className={styles.back}>
            <span aria-hidden="true">← </span>
            {storeMessage('continueShopping')}
          </NextLink>
          <p className={styles.disclaimer}>{storeMessage('disclaimer')}</p>
          <QueryScope>
            <Checkout
              initialCart={cart}
              prefill={prefill}
              stateCode={store?.state?.code}
              ordersHref={accountHref(member.uid, 'orders')}
              phone={store?.phone || config.supportPhone}
            />
          </QueryScope>
        </div>
      </div>
    </>
  );
}
