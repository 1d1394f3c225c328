'use client';

import dynamic from 'next/dynamic';

// The livestream page's player and chat, loaded only by a page that draws it: see
// components/blocks/lazy.tsx.
export const LivestreamView = dynamic(() => import('./LivestreamView').then((module) => module.LivestreamView));
