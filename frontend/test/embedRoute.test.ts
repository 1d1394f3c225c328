// @vitest-environment node
import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BffError } from '@/lib/bff/transport';
import type { PageResult } from '@/lib/bff/types';
import { styleGuideBlock, styleGuidePage } from './styleGuide';

// app/embed/viral-widget/[id]: the document of one widget frame, read from the page the block is on.

const { getPage } = vi.hoisted(() => ({ getPage: vi.fn<(path: string, union?: string) => Promise<PageResult>>() }));
vi.mock('@/lib/bff/server', () => ({ getPage }));
vi.mock('@/lib/request', () => ({ requestUnion: async () => '37' }));

const { GET } = await import('@/app/embed/viral-widget/[id]/route');

function ask(id: string, query: string) {
  return GET(new NextRequest(`http://127.0.0.1:3000/embed/viral-widget/${id}?${query}`), { params: Promise.resolve({ id }) });
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
