'use client';

import dynamic from 'next/dynamic';

// The union choice of a union landing page without a union, loaded only by a page that draws it:
// see components/blocks/lazy.tsx.
export const UnionChoice = dynamic(() => import('./UnionChoice').then((module) => module.UnionChoice));
