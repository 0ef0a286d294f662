import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { currentLocation, renderApp } from '@/test/render';

describe('NotFoundPage', () => {
  it('tells the visitor the page does not exist and links home', async () => {
    const { user } = renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to Home' }));
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Discover and Join Amazing Events' })).toBeInTheDocument();
  });
});
