import type { BenefitSliderBlock, CategorySliderBlock, SponsorSliderBlock } from '@/lib/bff/types';
import { BlockSection } from './BlockSection';
import { Card } from './Card';
import { Carousel } from './Carousel';
import { SectionHeader } from './SectionHeader';
import { SponsorLogo } from './Logos';

/** benefit_slider: 1, 2 from 700 px and 3 from 1100 px; images only when useImages is set. */
export function BenefitSlider({ block }: { block: BenefitSliderBlock }) {
  return (
    <BlockSection type="benefit_slider">
      <SectionHeader headline={block.headline} description={block.description} link={block.link} />
      <Carousel kind="benefit" label={block.headline || 'Benefits'}>
        {block.items.map((item, i) => (
          <Card
            key={i}
            image={block.useImages ? item.image : undefined}
            headline={item.headline}
            text={item.description}
            link={item.link}
          />
        ))}
      </Carousel>
    </BlockSection>
  );
}

/** category_slider: benefit categories, 1, 2 from 700 px and 3 from 1000 px. */
export function CategorySlider({ block }: { block: CategorySliderBlock }) {
  return (
    <BlockSection type="category_slider">
      <SectionHeader headline={block.headline} description={block.description} link={block.link} />
      <Carousel kind="category" label={block.headline || 'Categories'}>
        {block.items.map((item, i) => (
          <Card key={i} image={item.image} headline={item.headline} html={item.html} link={item.link} />
        ))}
      </Carousel>
    </BlockSection>
  );
}

/** sponsor_slider: sponsor logos, 1, 2 from 700 px and 3 from 1000 px. */
export function SponsorSlider({ block }: { block: SponsorSliderBlock }) {
  return (
    <BlockSection type="sponsor_slider">
      <SectionHeader headline={block.headline} centered />
      <Carousel kind="sponsor" label={block.headline || 'Sponsors'}>
        {block.items.map((item, i) => (
          <SponsorLogo key={i} item={item} />
        ))}
      </Carousel>
    </BlockSection>
  );
}
