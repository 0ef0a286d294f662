import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { Profile, Team } from '@/types/api';
import { answerAccount, answerEvents, events, organization, person, preloadPages, signIn } from './test-fixtures';

beforeAll(async () => {
  await preloadPages();
});

const team: Team = {
  organization: { id: organization.id, name: 'City Lights', logo_url: null },
  role: 'owner',
  members: [
    { id: '01JUSER0000000000000000002', username: 'citylights', role: 'owner', login: true, joined: null },
    { id: '01JUSER0000000000000000003', username: 'mara', role: 'manager', login: false, joined: '2026-11-01T10:00:00Z' },
  ],
  invitations: [],
};

// A person who helps run the organization with role.
const member = (role: 'manager' | 'checkin'): Profile => ({
  ...person,
  organizations: [{ id: organization.id, name: 'City Lights', role, logo_url: null }],
});

describe('members panel', () => {
  it('lets an owner invite someone with a role and change a role; the organization account stays', async () => {
    signIn();
    answerAccount();
    let invited: unknown = null;
    let changed: unknown = null;
    server.use(
      http.get(apiUrl('/organization/members/'), () => HttpResponse.json(team)),
      http.post(apiUrl('/organization/members/'), async ({ request }) => {
        invited = await request.json();
        return HttpResponse.json({ id: 'abc', email: 'door@example.com', role: 'checkin', invited_by: null, expires_at: '2026-12-04T10:00:00Z' }, { status: 201 });
      }),
      http.patch(apiUrl('/organization/members/:id/'), async ({ request }) => {
        changed = await request.json();
        return HttpResponse.json({ ...team.members[1], role: 'checkin' });
      }),
    );
    const { user } = renderApp('/dashboard/members');
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(within(list).getByText('Organization account')).toBeInTheDocument();
    expect(within(list).queryByRole('combobox', { name: 'Role of @citylights' })).not.toBeInTheDocument();

    await user.selectOptions(within(list).getByRole('combobox', { name: 'Role of @mara' }), 'checkin');
    await waitFor(() => expect(changed).toEqual({ role: 'checkin' }));

    await user.type(screen.getByLabelText('Email'), 'door@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'checkin');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(invited).toEqual({ email: 'door@example.com', role: 'checkin' }));
    expect(await within(screen.getByRole('list', { name: 'Open invitations' })).findByText(/door@example\.com/)).toBeInTheDocument();
  });

  it('shows a door volunteer their own place and the way out, not the team, and the events without Edit', async () => {
    signIn();
    answerAccount(member('checkin'));
    answerEvents();
    let asked = false;
    server.use(
      http.get(apiUrl('/organization/members/'), () => {
        asked = true;
        return HttpResponse.json({ detail: 'Your role in this organization does not allow this.' }, { status: 403 });
      }),
    );
    const { user } = renderApp('/dashboard/members');
    expect(await screen.findByText(/You help run City Lights as check-in/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Members' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument();
    expect(asked).toBe(false);

    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['Organization', 'Events', 'Members']);
    await user.click(within(nav).getByRole('link', { name: 'Events' }));
    expect(await screen.findByRole('link', { name: 'Harbour Jazz Night' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Check-in' })).toHaveLength(events.length);
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
