import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { NEW_TOKEN_SECRET, itemsOf, openDevelopersPage, organization, preloadPages } from './test-fixtures';

beforeAll(async () => {
  await preloadPages();
});


const openPage = (options?: Parameters<typeof openDevelopersPage>[1]) => openDevelopersPage('API tokens', options);

describe('API tokens', () => {
  it('lists the tokens with their scopes and use, the rate limit and the API reference', async () => {
    const { list } = await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'API & webhooks' })).toBeInTheDocument();
    const [token] = itemsOf(list);
    if (!token) throw new Error('no token listed');
    expect(token).toHaveTextContent('Door scanner');
    expect(within(token).getByRole('list', { name: 'Scopes' })).toHaveTextContent('attendees:readcheckin:write');
    expect(token).toHaveTextContent('Created by @citylights on');
    expect(token).toHaveTextContent('Never expires');
    expect(token).toHaveTextContent(/Last used /);
    expect(screen.getByText(/Each token may make up to 300 calls a minute\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API reference (OpenAPI)' })).toHaveAttribute('href', '/openapi.json');
  });

  it('creates a token and shows its secret once, to copy; the list keeps it without the secret', async () => {
    const { user, db } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const form = screen.getByRole('form', { name: 'New API token' });
    await user.type(within(form).getByLabelText('Name'), 'Box office');
    await user.click(within(form).getByRole('checkbox', { name: 'events:read' }));
    await user.click(within(form).getByRole('checkbox', { name: 'attendees:read' }));
    expect(within(form).getByRole('checkbox', { name: 'events:read' })).toHaveAccessibleDescription(/Read the organization's events/);
    await user.type(within(form).getByLabelText('Expires on (optional)'), '2031-01-31');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    const secret = await screen.findByRole('region', { name: 'Your new token "Box office"' });
    expect(secret).toHaveTextContent('Copy it now: it will not be shown again.');
    expect(within(secret).getByLabelText('Token')).toHaveValue(NEW_TOKEN_SECRET);
    expect(within(secret).getByRole('heading')).toHaveFocus();
    await user.click(within(secret).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(NEW_TOKEN_SECRET);
    expect(within(secret).getByRole('status')).toHaveTextContent('Copied.');

    const created = db.asked.find((a) => a.method === 'POST');
    expect(created?.organization).toBe(organization.id);
    expect(created?.body).toEqual({ name: 'Box office', scopes: ['events:read', 'attendees:read'], expires_at: new Date('2031-01-31T23:59:59').toISOString() });
    const list = screen.getByRole('list', { name: 'API tokens' });
    expect(itemsOf(list).map((item) => item.textContent)).toEqual([expect.stringMatching(/Box office.*Never used/), expect.stringContaining('Door scanner')]);
    expect(list).not.toHaveTextContent(NEW_TOKEN_SECRET);

    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(NEW_TOKEN_SECRET)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(NEW_TOKEN_SECRET);
  });

  it('asks for a scope before sending', async () => {
    const { user, db } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const form = screen.getByRole('form', { name: 'New API token' });
    await user.type(within(form).getByLabelText('Name'), 'Nothing');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(within(form).getByRole('group', { name: 'Scopes' })).toHaveAccessibleDescription('Choose at least one scope.');
    expect(db.asked.filter((a) => a.method === 'POST')).toEqual([]);
  });

  it('revokes a token after asking, and takes it off the list', async () => {
    const { user, db, list } = await openPage();
    await user.click(within(list).getByRole('button', { name: 'Revoke' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('Revoke the token "Door scanner"? Anything using it stops working at once.');
    expect(db.asked.filter((a) => a.method === 'DELETE')).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText('No API tokens yet.')).toBeInTheDocument();
    expect(await screen.findByText('Token revoked.')).toBeInTheDocument();
    expect(db.asked.filter((a) => a.method === 'DELETE').map((a) => a.path)).toEqual(['/organization/tokens/01JTOK00000000000000000001/']);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'API tokens' })).toHaveFocus());
  });
});
