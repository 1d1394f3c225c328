import type { Metadata } from 'next';
import { requireMember } from '@/lib/accountGuard';
import { getFavorites } from '@/lib/bff/accountServer';
import { ButtonLink } from '@/components/common/ButtonLink';
import { PageHero } from '@/components/heroes/PageHero';
import { FavoritesGrid } from '@/components/account/FavoritesGrid';
import styles from '@/components/account/AccountSection.module.css';

export const metadata: Metadata = {
  title: 'My Favorites',
  robots: { index: false, follow: false },
};

/** My Favorites (spec 3 §2): intro text, the favorite cards and a way back to the store. */
export default async function FavoritesPage() {
  await requireMember();
  const { items } = await getFavorites();
  return (
    <>
      <PageHero
        hero={{
          variant: 'basic',
          headline: 'My Favorites',
          description: 'The benefits and store materials you have saved, all in one place.',
        }}
      />
      <div className={styles.cards}>
        <FavoritesGrid items={items} />
        <div className={`container ${styles.actions}`}>
          <ButtonLink link={{ url: '/store', title: 'Return to Store' }} />
        </div>
      </div>
    </>
  );
}
