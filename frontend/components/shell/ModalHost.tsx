'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { useSitePathname } from '@/lib/useSitePathname';
import { useCallback, useEffect, useState } from 'react';
import { currentHash, withParams } from '@/lib/url';
import type { AuthModals } from '@/lib/bff/types';
import { DESTINATION_PARAM } from '@/lib/returnTo';
import { LoginModal } from '@/components/auth/LoginModal';
import { ResetModal } from '@/components/auth/ResetModal';
import { SignupModal } from '@/components/auth/SignupModal';
import { INVALID_MODAL_CLEAR_MS, MODAL_PARAM, modalFromParam, SIGNUP_PARAMS } from '@/components/modals/modalParam';
import { usePageDressing } from '@/components/modals/PageModalDressing';

/**
 * Opens the modal the address asks for with `?modal=` (spec 1 §2): login, signup or reset. Closing
 * one takes the parameter (and the signup's prefill and the return target) out of the address without a history entry or
 * a scroll; an unknown value is taken out after 200 ms. `dressing` is the editors' custom login and
 * signup modals, from the site chrome; a benefit page that dresses a modal itself
 * (PageModalDressing) has its own shown instead while it is open.
 */
export function ModalHost({ dressing }: { dressing?: AuthModals }) {
  const page = usePageDressing();
  const searchParams = useSearchParams();
  const pathname = useSitePathname();
  const router = useRouter();
  const kind = modalFromParam(searchParams.get(MODAL_PARAM));
  // Which modal this one replaced (the reset modal's Cancel depends on it), kept from the render
  // before: the address only says which modal is open now.
  const [shown, setShown] = useState({ kind, after: null as typeof kind | null });
  if (shown.kind !== kind) setShown({ kind, after: shown.kind });

  const close = useCallback(() => {
    const changes = {
      [MODAL_PARAM]: null,
      [SIGNUP_PARAMS.email]: null,
      [SIGNUP_PARAMS.complete]: null,
      // A visitor who closes the modal has given up signing in; the target goes with it.
      [DESTINATION_PARAM]: null,
    };
    router.replace(withParams(pathname, searchParams, changes, currentHash()), { scroll: false });
  }, [router, pathname, searchParams]);

  useEffect(() => {
    if (kind !== 'invalid') return;
    const timer = window.setTimeout(close, INVALID_MODAL_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [kind, close]);

  switch (kind) {
    case 'login':
      return <LoginModal onClose={close} dressing={page?.login ?? dressing?.login} />;
    case 'signup':
      return <SignupModal onClose={close} dressing={page?.signup ?? dressing?.signup} />;
    case 'reset':
      return <ResetModal onClose={close} fromLogin={shown.after === 'login'} />;
    default:
      return null;
  }
}
