import type { Metadata } from 'next';
import { Suspense } from 'react';
import { requireMember } from '@/lib/accountGuard';
import { getFavorites } from '@/lib/bff/server';
import { ButtonLink } from '@/components/common/ButtonLink';
import { LoadingIndicator } from '@/components/common/LoadingIndicator';
import { PageHero } from '@/components/heroes/PageHero';
import { AccountTabs } from '@/components/account/AccountTabs';
import { FavoritesGrid } from '@/components/favorites/FavoritesGrid';
import styles from '@/components/account/AccountSection.module.css';

export const metadata: Metadata = {
  title: 'My Favorites',
  robots: { index: false, follow: false },
};

/**
 * My Favorites (spec 3 §2): intro text, the favorite cards and a way back to the store, under the
 * account's tab bar (it is one of its tabs). Members only, checked before anything is sent; the
 * cards stream in behind a spinner.
 */
export default async function FavoritesPage() {
  const member = await requireMember();
  return (
    <>
      <PageHero
        hero={{
          variant: 'basic',
          headline: 'My Favorites',
          description: 'The benefits and store materials you have saved, all in one place.',
        }}
      />
      <AccountTabs uid={member.uid} current="favorites" />
      <div className={styles.cards}>
        <Suspense fallback={<LoadingIndicator />}>
          <StoredFavorites />
        </Suspense>
        <div className={`container ${styles.actions}`}>
          <ButtonLink link={{ url: '/store', title: 'Return to Store' }} />
        </div>
      </div>
    </>
  );
}

async function StoredFavorites() {
  const { items } = await getFavorites();
  return <FavoritesGrid items={items} />;
}
