import type { ExternalForm, FormTexts } from '@/lib/bff/types';
import { RichText } from '@/components/common/RichText';
import styles from './Grants.module.css';

/**
 * An external-only form's page body (spec 2 §2): the editors' intro, the form in its frame, and
 * the global disclaimer that every form shows.
 */
export function ExternalFormBody({ external, title, texts }: { external: ExternalForm; title: string; texts: FormTexts }) {
  return (
    <>
      {texts.intro && <RichText html={texts.intro} className={styles.intro} />}
      <ExternalFormFrame external={external} title={title} />
      {texts.disclaimer && <RichText html={texts.disclaimer} className={styles.disclaimer} />}
    </>
  );
}

/**
 * A form that lives only with the external survey service (spec 2 §2), in a frame: its own height
 * at desktop widths, at most 800 px wide, the full width of a phone without a sideways scroll.
 */
export function ExternalFormFrame({ external, title }: { external: ExternalForm; title: string }) {
  return (
    <div className={styles.frameWrap} style={{ maxWidth: external.width }}>
      <iframe
        className={styles.frame}
        src={external.url}
        title={title}
        height={external.height}
        style={{ height: external.height }}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}
