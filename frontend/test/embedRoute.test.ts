// @vitest-environment node
import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BffError } from '@/lib/bff/error';
import type { PageResult } from '@/lib/bff/types';
import { styleGuideBlock, styleGuidePage } from './styleGuide';

// app/embed/[kind]/[id]: the document of one embed frame, read from the page the embed is on.

const { getPage } = vi.hoisted(() => ({ getPage: vi.fn<(path: string, union?: string) => Promise<PageResult>>() }));
vi.mock('@/lib/bff/server', () => ({ getPage }));
vi.mock('@/lib/request', () => ({ requestUnion: async () => '37' }));

const { GET } = await import('@/app/embed/[kind]/[id]/route');

function ask(id: string, query: string, kind = 'viral-widget') {
  return GET(new NextRequest(`http://127.0.0.1:3000/embed/${kind}/${id}?${query}`), { params: Promise.resolve({ kind, id }) });
}

describe('the viral widget frame', () => {
  const block = styleGuideBlock('viral_widget');

  beforeEach(() => {
    getPage.mockReset();
    getPage.mockResolvedValue(styleGuidePage());
  });

  it("answers the block's widget code in a document, for this reader's union", async () => {
    const response = await ask(block.id, 'path=%2Fstyle-guide');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(block.widgetHtml);
    // The document reports its height, so the frame fits it (components/embed/EmbedFrame).
    expect(html).toContain('embedHeight');
    expect(getPage).toHaveBeenCalledWith('/style-guide', '37');
  });

  it('answers the lightbox code with part=lightbox', async () => {
    const html = await (await ask(block.id, 'path=%2Fstyle-guide&part=lightbox')).text();
    expect(html).toContain(block.lightboxHtml);
    expect(html).not.toContain(block.widgetHtml);
  });

  it('finds nothing for another id, a gated page or a path that is no path', async () => {
    expect((await ask('not-a-block', 'path=%2Fstyle-guide')).status).toBe(404);
    expect((await ask(block.id, 'path=style-guide')).status).toBe(404);
    getPage.mockResolvedValue({ ...styleGuidePage(), gate: { reason: 'login' } });
    expect((await ask(block.id, 'path=%2Fstyle-guide')).status).toBe(404);
  });

  it('says unavailable when the BFF is', async () => {
    getPage.mockRejectedValue(new BffError('down', { status: 0 }));
    expect((await ask(block.id, 'path=%2Fstyle-guide')).status).toBe(503);
  });
});

describe("a benefit page's embed and campaigns", () => {
  const benefit: PageResult = {
    ...styleGuidePage(),
    kind: 'benefit',
    path: '/benefits/car-buying',
    embed: '<div id="estimator"></div><script>estimate()</script>',
    campaigns: [{ id: '1401', title: 'Win a year of car payments', lightboxHtml: '<form id="entry"></form>', widgetHtml: '<p>Entries close soon</p>' }],
  };

  beforeEach(() => {
    getPage.mockReset();
    getPage.mockResolvedValue(benefit);
  });

  it("answers the page's embed as the vendor wrote it, scripts and all", async () => {
    const response = await ask('embed', 'path=%2Fbenefits%2Fcar-buying', 'page');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="estimator"></div><script>estimate()</script>');
  });

  it("answers a campaign's lightbox and widget by the campaign's id", async () => {
    expect(await (await ask('1401', 'path=%2Fbenefits%2Fcar-buying&part=lightbox', 'campaign')).text()).toContain('<form id="entry">');
    expect(await (await ask('1401', 'path=%2Fbenefits%2Fcar-buying', 'campaign')).text()).toContain('Entries close soon');
  });

  it('finds nothing for an unknown kind, another campaign, a lightbox of the page embed, or a page without them', async () => {
    expect((await ask('embed', 'path=%2Fbenefits%2Fcar-buying', 'script')).status).toBe(404);
    expect((await ask('constructor', 'path=%2Fbenefits%2Fcar-buying', 'constructor')).status).toBe(404);
    expect((await ask('9', 'path=%2Fbenefits%2Fcar-buying', 'campaign')).status).toBe(404);
    expect((await ask('embed', 'path=%2Fbenefits%2Fcar-buying&part=lightbox', 'page')).status).toBe(404);
    getPage.mockResolvedValue({ ...benefit, embed: undefined, campaigns: undefined });
    expect((await ask('embed', 'path=%2Fbenefits%2Fcar-buying', 'page')).status).toBe(404);
    expect((await ask('1401', 'path=%2Fbenefits%2Fcar-buying', 'campaign')).status).toBe(404);
  });
});
