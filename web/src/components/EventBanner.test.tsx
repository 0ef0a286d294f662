import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { TurnoutEvent } from '@/types/api';
import { EventBanner, PALETTES } from './EventBanner';

// WCAG 2 relative luminance and contrast ratio.
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

const event = { id: '01J0000000000000000000JAZZ', title: 'Jazz in the Park', banner_url: null } as TurnoutEvent;

describe('EventBanner without an image', () => {
  it('reads No Image in white at 4.5:1 or more on every colour it may use', () => {
    for (const pair of PALETTES) for (const colour of pair) expect(contrastWithWhite(colour)).toBeGreaterThanOrEqual(4.5);
  });

  it("shows the title's initials, the same colours for the same event, and No Image", () => {
    const { container, rerender } = render(<EventBanner event={event} />);
    expect(screen.getByText('No Image')).toBeInTheDocument();
    expect(screen.getByText('JI')).toHaveAttribute('aria-hidden', 'true');
    const background = (container.firstChild as HTMLElement).style.backgroundImage;
    rerender(<EventBanner event={{ ...event }} />);
    expect((container.firstChild as HTMLElement).style.backgroundImage).toBe(background);
  });

  it('asks first for a banner in view on arrival, and lazily for the others', () => {
    const withBanner = { ...event, banner_url: 'https://cdn.example/media/banners/jazz.jpg' };
    const { rerender } = render(<EventBanner event={withBanner} priority />);
    expect(screen.getByRole('img')).toHaveAttribute('loading', 'eager');
    expect(screen.getByRole('img')).toHaveAttribute('fetchpriority', 'high');
    rerender(<EventBanner event={withBanner} />);
    expect(screen.getByRole('img')).toHaveAttribute('loading', 'lazy');
  });
});
