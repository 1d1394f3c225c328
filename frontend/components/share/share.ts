// Social sharing (spec 1 "Social sharing", spec 3 §7): share-page URLs for Facebook, Twitter and
// LinkedIn with the title and URL, and a mailto link with subject and body.

export type ShareService = 'twitter' | 'facebook' | 'linkedin' | 'email';

/** The services shown when a caller names none; LinkedIn only when a caller asks for it. */
export const DEFAULT_SERVICES: readonly ShareService[] = ['twitter', 'facebook', 'email'];

/**
 * What is shared: the title, or the product's name when there is none (spec 1 "Social sharing").
 * The name is the site chrome's productName, so a site configured for another brand shares its own.
 */
export function sharedTitle(title: string | undefined, productName: string): string {
  return title?.trim() || productName;
}

/** Share popups open this large. */
export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 300;

/** The address that shares url with title on a service. */
export function shareHref(service: ShareService, url: string, title: string): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  switch (service) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}&quote=${t}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?text=${t}&url=${u}`;
    case 'linkedin':
      return `https://www.linkedin.com/shareArticle?mini=true&url=${u}&title=${t}`;
    case 'email':
      return `mailto:?subject=${t}&body=${encodeURIComponent(`${title}\n\n${url}`)}`;
  }
}

/** The window features of a share popup: 500 by 300, centred over the current window. */
export function popupFeatures(win: Pick<Window, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'>): string {
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - POPUP_HEIGHT) / 2));
  return `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}
