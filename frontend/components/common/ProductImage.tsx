'use client';

import { useState } from 'react';

/**
 * A product's image, hidden when there is none or it fails to load (spec 3 §8: broken images are
 * hidden). Decorative: the product's title beside it says what it is.
 */
export function ProductImage({ src, className, width, height }: { src?: string; className?: string; width: number; height: number }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) return null;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the order system's picture, from its host: the deployment runs no image optimizer
    <img className={className} src={src} alt="" width={width} height={height} loading="lazy" decoding="async" onError={() => setBroken(true)} />
  );
}
