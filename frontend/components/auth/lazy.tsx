'use client';

import dynamic from 'next/dynamic';

// The members-only page's gate, loaded only by a page that draws it: see
// components/blocks/lazy.tsx.
export const GateModal = dynamic(() => import('./GateModal').then((module) => module.GateModal));
