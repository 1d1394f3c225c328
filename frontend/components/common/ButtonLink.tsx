import type { Link } from '@/lib/bff/types';
import { SmartLink } from './SmartLink';
import styles from './ButtonLink.module.css';

interface ButtonLinkProps {
  link: Link;
  variant?: 'primary' | 'secondary';
  className?: string;
}

/** A CMS link drawn as a call-to-action button. */
export function ButtonLink({ link, variant = 'primary', className }: ButtonLinkProps) {
  const classes = [styles.button, styles[variant], className].filter(Boolean).join(' ');
  return (
    <SmartLink link={link} className={classes}>
      {link.title}
      <span className={styles.arrow} aria-hidden="true">
        →
      </span>
    </SmartLink>
  );
}
