'use client';

import { useSearchParams } from 'next/navigation';
import { useSitePathname } from '@/lib/useSitePathname';
import { useCallback } from 'react';
import { withParams } from '@/lib/url';
import { MODAL_PARAM, MODAL_VALUES, type ModalKind } from './modalParam';

/**
 * The address of this page with a modal open (or, given null, with none), keeping the rest of the
 * query: what links between the login, signup and reset modals point at.
 */
export function useModalHref(): (kind: ModalKind | null) => string {
  const pathname = useSitePathname();
  const searchParams = useSearchParams();
  return useCallback(
    (kind) => withParams(pathname, searchParams, { [MODAL_PARAM]: kind === null ? null : MODAL_VALUES[kind] }),
    [pathname, searchParams],
  );
}
