import type { ImgHTMLAttributes } from 'react';
import type { Image } from '@/lib/bff/types';

interface CmsImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height'> {
  image: Image;
  /** The width and height to lay out when the CMS gives none. */
  fallbackSize?: [width: number, height: number];
}

/** A CMS image at its own size; its alt text unless `alt` says otherwise (`''`: decorative). */
export function CmsImage({ image, fallbackSize, alt = image.alt, ...img }: CmsImageProps) {
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a CMS file at its own size, from any host: the deployment runs no image optimizer
    <img src={image.url} alt={alt} width={image.width ?? fallbackSize?.[0]} height={image.height ?? fallbackSize?.[1]} {...img} />
  );
}
