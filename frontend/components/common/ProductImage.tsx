'use client';

import { useState } from 'react';
import styles from './ProductImage.module.css';

interface ProductImageProps {
  src?: string;
  className?: string;
  width: number;
  height: number;
  /**
   * Where a grid needs every card the same shape: the product's label (Brochure, Flyer, Coupon…),
   * whose kind is drawn in the image's place when there is none or it fails to load.
   */
  placeholderKind?: string;
}

/**
 * A product's image, hidden when there is none or it fails to load (spec 3 §8: broken images are
 * hidden), or, given `placeholderKind`, a plain tile with a drawing of that kind of material in its
 * place, so a grid of cards keeps its rows. Decorative either way: the product's label and title
 * beside it say what it is, so the drawing repeats no words. A real image is shown as it is.
 */
export function ProductImage({ src, className, width, height, placeholderKind }: ProductImageProps) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    if (placeholderKind === undefined) return null;
    return (
      <span className={`${className ?? ''} ${styles.placeholder}`} aria-hidden="true" data-testid="product-placeholder">
        <KindDrawing kind={kindOf(placeholderKind)} />
      </span>
    );
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the order system's picture, from its host: the deployment runs no image optimizer
    <img className={className} src={src} alt="" width={width} height={height} loading="lazy" decoding="async" onError={() => setBroken(true)} />
  );
}

type Kind = 'brochure' | 'flyer' | 'coupon' | 'other';

/** The kind of material a label names; anything unknown is drawn as a sheet in a folder. */
export function kindOf(label: string): Kind {
  const l = label.toLowerCase();
  if (l.includes('brochure')) return 'brochure';
  if (l.includes('flyer')) return 'flyer';
  if (l.includes('coupon')) return 'coupon';
  return 'other';
}

/** Line drawings on a 48 by 48 grid, in the current colour. */
function KindDrawing({ kind }: { kind: Kind }) {
  const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinejoin: 'round', strokeLinecap: 'round' } as const;
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" focusable="false">
      {kind === 'brochure' && (
        <>
          <path d="M6 11l11-2v30l-11-2z M17 9h14v30H17z M31 9l11 2v26l-11 2z" {...stroke} />
          <path d="M21 15h6 M21 20h6 M21 24h4" {...stroke} />
        </>
      )}
      {kind === 'flyer' && (
        <>
          <rect x="11" y="5" width="26" height="38" rx="2" {...stroke} />
          <path d="M16 12h16v8H16z M16 26h16 M16 31h12 M16 36h8" {...stroke} />
        </>
      )}
      {kind === 'coupon' && (
        <>
          <path d="M5 14h38v7a3 3 0 0 0 0 6v7H5v-7a3 3 0 0 0 0-6z" {...stroke} />
          <path d="M31 16v16" {...stroke} strokeDasharray="2 3" />
          <path d="M11 21h14 M11 27h9" {...stroke} />
        </>
      )}
      {kind === 'other' && (
        <>
          <path d="M14 6h20v18H14z M18 11h12 M18 16h8" {...stroke} />
          <path d="M5 20h14l3 4h21v18H5z" {...stroke} />
        </>
      )}
    </svg>
  );
}
