import type { Image, Link, VideoPlayer } from '@/lib/bff/types';
import { VideoOverlay } from '@/components/blocks/lazy';
import { CmsButtonLink } from '@/components/links/CmsLink';
import styles from './BenefitMedia.module.css';

interface BenefitMediaProps {
  videoPlayer?: VideoPlayer;
  optionalCta?: Link;
  /** The poster of the video: the page's hero image, when it has one. */
  poster?: Image;
}

/**
 * A benefit or landing page's video and call to action (spec 3 §3 videoPlayer, optionalCta), in a
 * band below its hero: the video's poster opens it in the overlay the blocks use, the action is
 * the page's next step.
 */
export function BenefitMedia({ videoPlayer, optionalCta, poster }: BenefitMediaProps) {
  if (!videoPlayer && !optionalCta) return null;
  return (
    <section className={styles.band} data-has-video={videoPlayer ? true : undefined}>
      <div className={`container ${styles.inner}`}>
        {videoPlayer && (
          <div className={styles.video}>
            <VideoOverlay youTubeId={videoPlayer.youTubeId} title={videoPlayer.title} hasAudio={videoPlayer.hasAudio}>
              {poster ? (
                // eslint-disable-next-line @next/next/no-img-element -- a CMS file at its own size, from any host: the deployment runs no image optimizer
                <img className={styles.poster} src={poster.url} alt="" width={poster.width} height={poster.height} loading="lazy" />
              ) : (
                <div className={styles.poster} />
              )}
            </VideoOverlay>
          </div>
        )}
        <div className={styles.words}>
          {videoPlayer && <h2 className={styles.title}>{videoPlayer.title}</h2>}
          {optionalCta && <CmsButtonLink link={optionalCta} />}
        </div>
      </div>
    </section>
  );
}
