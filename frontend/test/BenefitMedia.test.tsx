import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BenefitMedia } from '@/components/page/BenefitMedia';

const video = { youTubeId: 'M7lc1UVf-VE', title: 'How members save on wireless plans', hasAudio: true };

describe('BenefitMedia', () => {
  it('draws nothing for a page without video or call to action', () => {
    const { container } = render(<BenefitMedia />);
    expect(container.innerHTML).toBe('');
  });

  it("titles the video, plays it from the page's image, and offers the call to action", () => {
    const poster = { url: '/files/wireless.svg', alt: 'Phones', width: 1600, height: 900 };
    const { container } = render(
      <BenefitMedia videoPlayer={video} optionalCta={{ url: '/contact-us', title: 'Contact us' }} poster={poster} />,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(video.title);
    expect(screen.getByRole('button', { name: `Play video: ${video.title}` })).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/files/wireless.svg');
    expect(screen.getByRole('link', { name: /Contact us/ }).getAttribute('href')).toBe('/contact-us');
  });

  it('offers the call to action alone', () => {
    render(<BenefitMedia optionalCta={{ url: '/contact-us', title: 'Contact us' }} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: /Contact us/ })).toBeTruthy();
  });
});
