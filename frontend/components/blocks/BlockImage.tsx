import type { Image } from '@/lib/bff/types';

interface BlockImageProps {
  image: Image;
  className?: string;
  /** Above-the-fold images load eagerly; everything else waits until it is near. */
  eager?: boolean;
}

/** A CMS image already in its style (the BFF picked the style's URL and size). */
export function BlockImage({ image, className, eager }: BlockImageProps) {
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a CMS file at its own size, from any host: the deployment runs no image optimizer
    <img
      className={className}
      src={image.url}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      // The style's box, so an original served in place of its crop (offline SVGs) keeps the shape.
      style={image.width && image.height ? { aspectRatio: `${image.width} / ${image.height}`, objectFit: 'cover' } : undefined}
    />
  );
}
