'use client';

import { useFavorite } from './useFavorite';
import { Icon } from '@/components/icons/Icon';
import styles from './FavoriteButton.module.css';

/**
 * The heart on a benefit or product card: a toggle button, shown only to members (a visitor has
 * no favorites). `className` places it on the card.
 */
export function FavoriteButton({ id, className }: { id: string; className?: string }) {
  const { favorite, toggle } = useFavorite(id);
  if (favorite === null) return null;
  const label = favorite ? 'Remove from favorites' : 'Add to favorites';
  return (
    <button
      type="button"
      className={[styles.button, className].filter(Boolean).join(' ')}
      aria-pressed={favorite}
      aria-label={label}
      title={label}
      onClick={toggle}
      data-favorite-id={id}
    >
      <Icon name="heart" size={22} fill={favorite ? 'currentColor' : 'none'} />
    </button>
  );
}
