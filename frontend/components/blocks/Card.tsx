import type { Image, Link } from '@/lib/bff/types';
import { RichText } from '@/components/common/RichText';
import { BlockImage } from './BlockImage';
import { CmsArrowLink } from '@/components/links/CmsLink';
import shared from './blockStyles.module.css';

interface CardProps {
  image?: Image;
  eyebrow?: string;
  headline: string;
  /** Plain text. */
  text?: string;
  /** Sanitised HTML, for cards whose text is rich. */
  html?: string;
  link?: Link;
  /** The link's words; the link's own title when absent. */
  linkLabel?: string;
}

/** One card of a grid, slider or content row: image, eyebrow, title, text and a link. */
export function Card({ image, eyebrow, headline, text, html, link, linkLabel }: CardProps) {
  return (
    <article className={shared.card}>
      {image && <BlockImage image={image} />}
      <div className={shared.cardBody}>
        {eyebrow && <p className={shared.eyebrow}>{eyebrow}</p>}
        <h3 className={shared.cardTitle}>{headline}</h3>
        {text && <p className={shared.cardText}>{text}</p>}
        {html && <RichText html={html} className={shared.cardText} />}
        {link && <CmsArrowLink link={link} className={shared.cardLink} label={linkLabel} />}
      </div>
    </article>
  );
}
