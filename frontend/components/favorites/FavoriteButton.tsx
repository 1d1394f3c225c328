'use client';

import { useFavorite } from './useFavorite';
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
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 6.9 4.5c2 0 3.4 1.1 5.1 3 1.7-1.9 3.1-3 5.1-3 3.5 0 5.5 3.5 4.2 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
          fill={favorite ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
