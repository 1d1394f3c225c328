'use client';

import { useEffect, type RefObject } from 'react';

/**
 * Closes a dropdown when the reader moves on: a press outside it or its button, or the focus
 * arriving anywhere else. Not on blur: a button that disables itself at the end of its range
 * drops the focus to the page without the reader going anywhere.
 */
export function useDismiss(open: boolean, inside: RefObject<HTMLElement | null>[], dismiss: () => void): void {
  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      const target = e.target as Node | null;
      if (target && inside.some((r) => r.current?.contains(target))) return;
      dismiss();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open, inside, dismiss]);
}
