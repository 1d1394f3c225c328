import type { BenefitSliderBlock, CategorySliderBlock, SponsorSliderBlock } from '@/lib/bff/types';
import { RichText } from '@/components/common/RichText';
import { BlockImage } from './BlockImage';
import { CmsArrowLink } from '@/components/links/CmsLink';
import { BlockSection, CarouselBlock } from './BlockSection';
import { Card } from './Card';
import { SectionHeader } from './SectionHeader';
import { SponsorLogo } from './Logos';
import { VerticalSlider } from './lazy';
import shared from './blockStyles.module.css';
import vertical from './VerticalSlider.module.css';

/** benefit_slider: 1, 2 from 700 px and 3 from 1100 px; images only when useImages is set. */
export function BenefitSlider({ block }: { block: BenefitSliderBlock }) {
  return (
    <CarouselBlock
      type="benefit_slider"
      header={<SectionHeader headline={block.headline} description={block.description} link={block.link} />}
      kind="benefit"
      label={block.headline || 'Benefits'}
      items={block.items}
      slide={(item, i) => (
        <Card
          key={i}
          image={block.useImages ? item.image : undefined}
          headline={item.headline}
          text={item.description}
          link={item.link}
        />
      )}
    />
  );
}

/**
 * category_slider: the vertical slider of spec 3 §9, one benefit category at a time, each with its
 * 635x640 picture beside its words.
 */
export function CategorySlider({ block }: { block: CategorySliderBlock }) {
  return (
    <BlockSection type="category_slider">
      <SectionHeader headline={block.headline} description={block.description} link={block.link} />
      <VerticalSlider label={block.headline || 'Categories'}>
        {block.items.map((item, i) => (
          <article key={i} className={vertical.category}>
            {item.image && <BlockImage image={item.image} />}
            <div className={shared.stack}>
              <h3 className={shared.cardTitle}>{item.headline}</h3>
              {item.html && <RichText html={item.html} className={shared.cardText} />}
              {item.link && <CmsArrowLink link={item.link} className={shared.cardLink} />}
            </div>
          </article>
        ))}
      </VerticalSlider>
    </BlockSection>
  );
}

/** sponsor_slider: sponsor logos, 1, 2 from 700 px and 3 from 1000 px. */
export function SponsorSlider({ block }: { block: SponsorSliderBlock }) {
  return (
    <CarouselBlock
      type="sponsor_slider"
      header={<SectionHeader headline={block.headline} centered />}
      kind="sponsor"
      label={block.headline || 'Sponsors'}
      items={block.items}
      slide={(item, i) => <SponsorLogo key={i} item={item} />}
    />
  );
}
