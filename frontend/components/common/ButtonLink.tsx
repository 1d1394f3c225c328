import type { ReactNode } from 'react';
import type { BffMutation } from '@/lib/bff/useBffMutation';
import type { Link } from '@/lib/bff/types';
import { SmartLink, type LinkComponent } from './SmartLink';
import styles from './ButtonLink.module.css';

interface ButtonLinkProps {
  link: Link;
  variant?: 'primary' | 'secondary';
  className?: string;
  /** What draws the link; SmartLink unless the caller has its own. */
  as?: LinkComponent;
}

/** A CMS link drawn as a call-to-action button. */
export function ButtonLink({ link, variant = 'primary', className, as: Anchor = SmartLink }: ButtonLinkProps) {
  const classes = [styles.button, styles[variant], className].filter(Boolean).join(' ');
  return (
    <Anchor link={link} className={classes}>
      {link.title}
      <span className={styles.arrow} aria-hidden="true">
        →
      </span>
    </Anchor>
  );
}

interface TaskButtonProps {
  /** The write the button runs; off and busy while it runs. */
  task: BffMutation<void, unknown>;
  variant?: 'primary' | 'secondary';
  className?: string;
  'aria-label'?: string;
  children: ReactNode;
}

/** A button drawn like ButtonLink that runs a write through the BFF. */
export function TaskButton({ task, variant = 'primary', className, children, ...aria }: TaskButtonProps) {
  const classes = [styles.button, styles[variant], className].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      className={classes}
      onClick={() => void task.run()}
      disabled={task.pending}
      aria-busy={task.pending || undefined}
      {...aria}
    >
      {children}
    </button>
  );
}
