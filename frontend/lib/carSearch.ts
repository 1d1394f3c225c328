// The car-pricing search (spec 3 §2, §5, §7, §9), from contracts/carsearch.json: which makes a
// search type offers, the form's checks with their messages, and the pricing site's address a
// search leaves for. Pure, so the block and its tests share one rule.
import contract from '../../contracts/carsearch.json';
import type { CarMake } from '@/lib/bff/types';

export type CarSearchType = 'new' | 'used';
export type CarMessageKey = keyof typeof contract.messages;

/** The search types, new first (spec 3 §9). */
export const carSearchTypes = contract.searchTypes as CarSearchType[];

/** A text of the contract. */
export const carMessage = (key: CarMessageKey): string => contract.messages[key];

/** The zip field's length (spec 3 §5: 5 digits, maxlength 5). */
export const zipLength = contract.limits.zipLength;

/** The makes a search type offers: only those available for that condition. */
export function makesFor(makes: readonly CarMake[], type: CarSearchType): CarMake[] {
  return makes.filter((m) => (type === 'new' ? m.availableNew : m.availableUsed));
}

export interface CarSearchValues {
  type: CarSearchType;
  /** The chosen make's slug; '' when none is chosen. */
  make: string;
  zip: string;
}

export type CarSearchErrors = Partial<Record<'make' | 'zip', string>>;

const zipPattern = new RegExp(`^[0-9]{${contract.limits.zipLength}}$`);

/**
 * The form's checks (spec 3 §5 'Car search'): a make is required, and must be one the chosen
 * type offers; the zip is required and five digits.
 */
export function checkCarSearch(values: CarSearchValues, makes: readonly CarMake[]): CarSearchErrors {
  const errors: CarSearchErrors = {};
  if (!makesFor(makes, values.type).some((m) => m.slug === values.make)) errors.make = carMessage('makeRequired');
  if (!zipPattern.test(values.zip.trim())) errors.zip = carMessage('zipInvalid');
  return errors;
}

/**
 * The pricing site's address for a search (spec 3 §7): new cars to the make's price page with
 * ?zipcode=, used cars to the make's listings at location-{zip}; each with the referrer_id of the
 * marketing id for its type.
 */
export function carSearchUrl(values: CarSearchValues): string {
  const fill: Record<string, string> = {
    make: encodeURIComponent(values.make),
    zip: encodeURIComponent(values.zip.trim()),
    referrerId: encodeURIComponent(contract.trueCarMarketingIds[values.type]),
  };
  return contract.urls[values.type].replace(/\{(\w+)\}/g, (whole, name: string) => fill[name] ?? whole);
}
