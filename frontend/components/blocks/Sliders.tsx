import type { BenefitSliderBlock, CategorySliderBlock, SponsorSliderBlock } from '@/lib/bff/types';
import { CarouselBlock } from './BlockSection';
import { Card } from './Card';
import { SectionHeader } from './SectionHeader';
import { SponsorLogo } from './Logos';

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

/** category_slider: benefit categories, 1, 2 from 700 px and 3 from 1000 px. */
export function CategorySlider({ block }: { block: CategorySliderBlock }) {
  return (
    <CarouselBlock
      type="category_slider"
      header={<SectionHeader headline={block.headline} description={block.description} link={block.link} />}
      kind="category"
      label={block.headline || 'Categories'}
      items={block.items}
      slide={(item, i) => <Card key={i} image={item.image} headline={item.headline} html={item.html} link={item.link} />}
    />
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
