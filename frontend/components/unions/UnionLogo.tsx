import type { UnionBrand } from '@/lib/bff/types';
import { CmsImage } from '@/components/common/CmsImage';
import { SmartLink } from '@/components/common/SmartLink';

interface UnionLogoProps {
  union: UnionBrand;
  /** The image's class, for its size where it is shown. */
  className?: string;
  /** The link's class, for its focus ring. */
  linkClassName?: string;
}

/**
 * A union's own logo (spec 1 §3 'Union term' logo and logoLink), named by the union's label and
 * leading to its logo link (the union's own site) when the editors set one.
 */
export function UnionLogo({ union, className, linkClassName }: UnionLogoProps) {
  if (!union.logo) return null;
  const image = <CmsImage image={union.logo} alt={union.label} className={className} fallbackSize={[200, 200]} />;
  if (!union.logoLink) return image;
  return (
    <SmartLink link={union.logoLink} className={linkClassName}>
      {image}
    </SmartLink>
  );
}
