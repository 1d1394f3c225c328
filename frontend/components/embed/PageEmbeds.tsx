import type { PageDocument } from '@/lib/bff/types';
import { embedFrameSrc, PAGE_EMBED_ID } from './embedFrame';
import { EmbedFrame, SweepPromo } from './lazy';
import styles from './PageEmbeds.module.css';

/**
 * A benefit or landing page's vendor code (spec 3 §3): its Viral Sweep campaigns, whose lightbox
 * opens by itself once per visit, and its embed, each in a sandboxed frame below the hero.
 */
export function PageEmbeds({ page }: { page: Pick<PageDocument, 'path' | 'title' | 'embed' | 'campaigns'> }) {
  const campaigns = page.campaigns ?? [];
  if (!page.embed && campaigns.length === 0) return null;
  return (
    <section className={styles.band} aria-label="From our partners">
      <div className={`container ${styles.inner}`}>
        {campaigns.map((campaign) => (
          <div key={campaign.id} className={styles.campaign} data-campaign={campaign.id}>
            <SweepPromo
              kind="campaign"
              id={campaign.id}
              pagePath={page.path}
              title={campaign.title}
              hasWidget={Boolean(campaign.widgetHtml)}
              hasLightbox
              lightboxLabel={campaign.widgetHtml ? 'Enter now' : campaign.title}
              autoOpen
            />
          </div>
        ))}
        {page.embed && (
          <EmbedFrame
            className={styles.embed}
            title={`${page.title}: partner tool`}
            src={embedFrameSrc('page', page.path, PAGE_EMBED_ID)}
            minHeight={120}
          />
        )}
      </div>
    </section>
  );
}
