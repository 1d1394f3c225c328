import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExternalFormBody } from '@/components/grants/ExternalFormFrame';

describe('an external-only form (spec 2 §2)', () => {
  it('shows the intro, the form in its frame and the global disclaimer', () => {
    render(
      <ExternalFormBody
        external={{ url: 'https://forms.example.org/embed/42?embed=1', height: 1415, width: 800 }}
        title="Smartphone Rebate Form"
        texts={{ intro: '<p>Send us your receipt.</p>', disclaimer: '<p>Grants are subject to available funds.</p>' }}
      />,
    );
    expect(screen.getByText('Send us your receipt.')).toBeTruthy();
    expect(screen.getByTitle('Smartphone Rebate Form').getAttribute('src')).toBe('https://forms.example.org/embed/42?embed=1');
    expect(screen.getByText('Grants are subject to available funds.')).toBeTruthy();
  });
});
