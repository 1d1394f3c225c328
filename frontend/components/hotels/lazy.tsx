'use client';

import dynamic from 'next/dynamic';

// The hotel search box (a few benefit pages), loaded only by a page that draws it: see
// components/blocks/lazy.tsx.
export const HotelSearch = dynamic(() => import('./HotelSearch').then((module) => module.HotelSearch));
