import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { changeLanguage } from '@/i18n/i18n';
import { currentLocation, renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { Profile } from '@/types/api';
import { answerAccount, answerDevelopers, organization, person, preloadPages, signIn } from './test-fixtures';

beforeAll(async () => {
  await preloadPages();
});

const manager: Profile = { ...person, organizations: [{ id: organization.id, name: 'City Lights', role: 'manager', logo_url: null }] };
const nav = () => screen.findByRole('navigation', { name: 'Dashboard' });

describe('API & webhooks page', () => {
  it('is an owner entry of the dashboard, leading to the tokens and webhooks', async () => {
    signIn();
    answerAccount();
    answerDevelopers();
    const { user } = renderApp('/dashboard/profile');
    await user.click(within(await nav()).getByRole('link', { name: 'API & webhooks' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/developers'));
    expect(await screen.findByRole('heading', { level: 2, name: 'API tokens' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeInTheDocument();
    expect(within(await nav()).getByRole('link', { name: 'API & webhooks' })).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('API & webhooks · Dashboard · Turnout');
  });

  it('is not offered to other roles, and asks nothing for them', async () => {
    signIn();
    answerAccount(manager);
    const db = answerDevelopers();
    renderApp('/dashboard/developers');
    expect(await screen.findByText("Only the organization's owners manage its API tokens and webhooks.")).toBeInTheDocument();
    expect(within(await nav()).queryByRole('link', { name: 'API & webhooks' })).not.toBeInTheDocument();
    expect(within(await nav()).getByRole('link', { name: 'Members' })).toBeInTheDocument();
    expect(db.asked).toEqual([]);
  });

  it("tells the server's reason when it refuses (the role changed meanwhile)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    answerAccount();
    const refusal = () => HttpResponse.json({ detail: 'Only owners manage API tokens and webhooks.', codes: { detail: 'owners_only' } }, { status: 403 });
    server.use(http.get(apiUrl('/organization/tokens/'), refusal), http.get(apiUrl('/organization/webhooks/'), refusal));
    renderApp('/dashboard/developers');
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    for (const alert of screen.getAllByRole('alert')) expect(alert).toHaveTextContent('Only owners manage API tokens and webhooks.');
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create token' })).not.toBeInTheDocument();
  });

  it('speaks Arabic, right to left', async () => {
    signIn();
    answerAccount();
    answerDevelopers();
    renderApp('/dashboard/developers');
    await screen.findByRole('list', { name: 'API tokens' });
    await act(() => changeLanguage('ar'));
    expect(document.documentElement.dir).toBe('rtl');
    expect(await screen.findByRole('heading', { level: 2, name: 'رموز API' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'مرجع API (OpenAPI)' })).toHaveAttribute('href', '/openapi.json');
  });
});
