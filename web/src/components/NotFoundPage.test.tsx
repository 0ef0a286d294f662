import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { currentLocation, renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { changeLanguage } from '@/i18n/i18n';

describe('NotFoundPage', () => {
  it('tells the visitor the page does not exist and links home', async () => {
    // Home lists the upcoming events: none.
    server.use(http.get(apiUrl('/event/public/'), () => HttpResponse.json([])));
    const { user } = renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to Home' }));
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Discover and Join Amazing Events' })).toBeInTheDocument();
  });

  it('says so in Arabic, in the tab title too', async () => {
    await act(() => changeLanguage('ar'));
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'الصفحة غير موجودة' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'الذهاب إلى الرئيسية' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('الصفحة غير موجودة · Turnout'));
  });
});
