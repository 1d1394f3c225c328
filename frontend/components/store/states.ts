import type { ShippingState } from '@/lib/bff/types';
import { storeMessage, storeStates } from '@/lib/store';

/**
 * A product's eligible states as the modal says them: comma-joined (spec 3 §2), or 'All states'
 * when it ships to every one of the 50 states and DC, where a list of 51 names says nothing more.
 */
export function eligibleStates(states: string[]): string {
  const listed = new Set(states);
  if (storeStates.every((s) => listed.has(s.title))) return storeMessage('allStates');
  return states.join(', ');
}

/** The state select's choices: each state by its title, which is what the cookie keeps. */
export function stateOptions(states: ShippingState[]): { value: string; label: string }[] {
  return states.map((s) => ({ value: s.title, label: s.title }));
}

/** The section title's union: its short name, else its name (spec 3 §2). */
export function unionShortName(union: { name: string; shortName?: string } | undefined): string | undefined {
  return union ? union.shortName || union.name : undefined;
}
