'use client';

import dynamic from 'next/dynamic';

/*
 * Client parts that content pages draw only sometimes (a hotel search, a livestream, a car search
 * block, partner embeds, the gate, favourite buttons), each in a chunk of its own. Turbopack puts
 * every client component that a route's server components import into that route's first scripts,
 * drawn or not; an import() from a client module is the one split it keeps out of them. A page
 * that draws one still server-renders it, and the chunk is preloaded with the page.
 */

export const HotelSearch = dynamic(() => import('@/components/hotels/HotelSearch').then((m) => m.HotelSearch));
export const LivestreamView = dynamic(() => import('@/components/livestream/LivestreamView').then((m) => m.LivestreamView));
export const CarSearch = dynamic(() => import('@/components/blocks/CarSearch').then((m) => m.CarSearch));
export const SweepPromo = dynamic(() => import('@/components/embed/SweepPromo').then((m) => m.SweepPromo));
export const EmbedFrame = dynamic(() => import('@/components/embed/EmbedFrame').then((m) => m.EmbedFrame));
export const GateModal = dynamic(() => import('@/components/modals/GateModal').then((m) => m.GateModal));
export const FavoriteButton = dynamic(() => import('@/components/account/FavoriteButton').then((m) => m.FavoriteButton));
