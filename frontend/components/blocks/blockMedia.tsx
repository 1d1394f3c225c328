import type { ReactNode } from 'react';
import type { FiftyFiftyBlock } from '@/lib/bff/types';
import { BlockImage } from './BlockImage';
import { CmsLink } from '@/components/links/CmsLink';
import { VideoOverlay } from './lazy';

type MediaFields = Pick<FiftyFiftyBlock, 'image' | 'youTubeId' | 'imageLink' | 'headline'>;

/**
 * The image beside a block's text: with a youTubeId, the poster of a video that plays in an
 * overlay; else with an imageLink, a link; null when the block has no image.
 */
export function blockMedia(block: MediaFields): ReactNode {
  const { image } = block;
  if (!image) return null;
  const media = <BlockImage image={image} />;
  if (block.youTubeId) {
    return (
      <VideoOverlay youTubeId={block.youTubeId} title={block.headline}>
        {media}
      </VideoOverlay>
    );
  }
  if (block.imageLink) return <CmsLink link={block.imageLink}>{media}</CmsLink>;
  return media;
}
