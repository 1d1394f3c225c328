import styles from './RichText.module.css';

interface RichTextProps {
  html: string;
  className?: string;
}

/**
 * CMS body HTML. The BFF sanitises it before it reaches us, which is why this is the one place
 * allowed to set inner HTML.
 */
export function RichText({ html, className }: RichTextProps) {
  return (
    <div
      className={[styles.rich, className].filter(Boolean).join(' ')}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
