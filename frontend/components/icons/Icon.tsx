import type { SVGProps } from 'react';
import sprite from './icons.svg';

// Next's bundler imports a static file as { src }, under /_next/static/media/ with its hash in
// the name (so browsers and the CDN keep it for good); Vite's, in the unit tests, as the URL.
const SPRITE: string = typeof sprite === 'string' ? sprite : (sprite as { src: string }).src;

export type IconName =
  | 'logo'
  | 'facebook'
  | 'instagram'
  | 'twitter'
  | 'youtube'
  | 'search'
  | 'menu'
  | 'close'
  | 'cart'
  | 'heart'
  | 'calendar'
  | 'person'
  | 'pin'
  | 'caret';

type IconProps = { name: IconName; size?: number } & Omit<SVGProps<SVGSVGElement>, 'children' | 'width' | 'height'>;

/**
 * One of the site's icons (icons.svg), decorative: the control or text beside it says what it
 * means. Why a sprite: an icon drawn inline by a server component is in a page twice, in its HTML
 * and again in the React payload that repeats it, on every page for the header's and footer's;
 * a reference to the sprite is some 100 bytes, and the sprite is one file the browser keeps. A
 * path without a fill of its own takes `fill` from here or from CSS.
 */
export function Icon({ name, size, ...rest }: IconProps) {
  return (
    <svg width={size} height={size} aria-hidden="true" focusable="false" {...rest}>
      <use href={`${SPRITE}#${name}`} />
    </svg>
  );
}
