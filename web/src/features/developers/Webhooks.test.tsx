import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  NEW_WEBHOOK_SECRET,
  ROTATED_SECRET,
  answerDevelopers,
  deliveries,
  hook,
  itemsOf,
  openDevelopersPage,
  organization,
  preloadPages,
} from './test-fixtures';

beforeAll(async () => {
  await preloadPages();
});


const openPage = (options?: Parameters<typeof openDevelopersPage>[1]) => openDevelopersPage('Webhook endpoints', options);

describe('webhook endpoints', () => {
  it('lists each endpoint with its kinds and how it fares', async () => {
    const stopped = { ...hook, id: '01JWHK00000000000000000009', url: 'https://old.example.com/hook', enabled: false, disabled_at: '2030-03-01T08:00:00Z', failing_since: '2030-02-26T08:00:00Z' };
    const { list } = await openPage({ webhooks: [hook, stopped] });
    const [first, second] = itemsOf(list);
    expect(first).toHaveTextContent('https://hooks.example.com/turnout');
    expect(first).toHaveTextContent('Ticket sync');
    expect(first).toHaveTextContent('On');
    expect(within(first!).getByRole('list', { name: 'Kinds of changes' })).toHaveTextContent('registration.createdattendee.checked_in');
    expect(second).toHaveTextContent(/Disabled after failing for 3 days, on /);
    expect(second).toHaveTextContent(/Failing since /);
    expect(within(second!).getByRole('button', { name: 'Turn on' })).toBeInTheDocument();
  });

  it('adds an endpoint with the kinds chosen, and shows its signing secret once', async () => {
    const { user, db, list } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const form = screen.getByRole('form', { name: 'New webhook endpoint' });
    expect(within(form).getByRole('group', { name: 'Registrations' })).toBeInTheDocument();
    expect(within(form).getByRole('group', { name: 'Check-in' })).toBeInTheDocument();
    expect(within(form).getByRole('group', { name: 'Events' })).toBeInTheDocument();
    expect(within(form).getByRole('group', { name: 'Series' })).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Endpoint URL'), 'https://crm.example.org/turnout');
    await user.type(within(form).getByLabelText('Description'), 'CRM');
    await user.click(within(form).getByRole('checkbox', { name: 'event.cancelled' }));
    await user.click(within(form).getByRole('checkbox', { name: 'series.created' }));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));

    const secret = await screen.findByRole('region', { name: 'Signing secret of https://crm.example.org/turnout' });
    expect(within(secret).getByLabelText('Signing secret')).toHaveValue(NEW_WEBHOOK_SECRET);
    expect(secret).toHaveTextContent('Copy it now: it will not be shown again.');
    const created = db.asked.find((a) => a.method === 'POST');
    expect(created).toEqual({
      method: 'POST',
      path: '/organization/webhooks/',
      organization: organization.id,
      body: { url: 'https://crm.example.org/turnout', description: 'CRM', kinds: ['event.cancelled', 'series.created'] },
    });
    expect(itemsOf(list).map((item) => item.textContent)).toEqual([expect.stringContaining('crm.example.org'), expect.stringContaining('hooks.example.com')]);
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    expect(document.body).not.toHaveTextContent(NEW_WEBHOOK_SECRET);
    expect(screen.queryByRole('form', { name: 'New webhook endpoint' })).not.toBeInTheDocument();
  });

  it('shows the server refusing the address under the URL field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const form = screen.getByRole('form', { name: 'New webhook endpoint' });
    await user.type(within(form).getByLabelText('Endpoint URL'), 'https://192.168.1.20/hook');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(within(form).getByRole('group', { name: 'Kinds of changes' })).toHaveAccessibleDescription('Choose at least one kind of change.');

    await user.click(within(form).getByRole('checkbox', { name: 'registration.created' }));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    const url = within(form).getByLabelText('Endpoint URL');
    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
    expect(url).toHaveAccessibleDescription(/This address is private; webhooks go to public addresses only\./);
    expect(await screen.findByText('Could not add the endpoint. Please check your input.')).toBeInTheDocument();
  });

  it('edits the address and kinds, turns an endpoint off, and deletes it after asking', async () => {
    const { user, db, list } = await openPage();
    await user.click(within(list).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit endpoint' });
    expect(within(form).getByRole('checkbox', { name: 'attendee.checked_in' })).toBeChecked();
    await user.click(within(form).getByRole('checkbox', { name: 'attendee.checked_in' }));
    await user.clear(within(form).getByLabelText('Endpoint URL'));
    await user.type(within(form).getByLabelText('Endpoint URL'), 'https://hooks.example.com/v2');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(list).findByText('https://hooks.example.com/v2')).toBeInTheDocument();
    expect(db.asked.find((a) => a.method === 'PATCH')?.body).toEqual({ url: 'https://hooks.example.com/v2', description: 'Ticket sync', kinds: ['registration.created'] });

    await user.click(within(list).getByRole('button', { name: 'Turn off' }));
    expect(await within(list).findByRole('button', { name: 'Turn on' })).toBeInTheDocument();
    expect(itemsOf(list)[0]).toHaveTextContent('Off');
    expect(db.asked.filter((a) => a.method === 'PATCH').at(-1)?.body).toEqual({ enabled: false });

    await user.click(within(list).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: /Delete the endpoint https:\/\/hooks\.example\.com\/v2\?/ })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('No webhook endpoints yet.')).toBeInTheDocument();
    expect(db.asked.filter((a) => a.method === 'DELETE').map((a) => a.path)).toEqual([`/organization/webhooks/${hook.id}/`]);
  });

  it('rotates the signing secret, saying until when the previous one works', async () => {
    const { user, list } = await openPage();
    await user.click(within(list).getByRole('button', { name: 'Rotate secret' }));
    const secret = await screen.findByRole('region', { name: `Signing secret of ${hook.url}` });
    expect(within(secret).getByLabelText('Signing secret')).toHaveValue(ROTATED_SECRET);
    expect(secret).toHaveTextContent(/The previous secret stays valid until .+: update your server before then\./);
  });
});

describe('delivery log', () => {
  // The log of the one endpoint, opened.
  async function openLog(options?: Parameters<typeof answerDevelopers>[0]) {
    const opened = await openPage(options);
    const toggle = within(opened.list).getByRole('button', { name: 'Delivery log' });
    await opened.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const log = await screen.findByRole('list', { name: `Deliveries to ${hook.url}` });
    return { ...opened, log };
  }

  it('shows each delivery with its status, answer, duration and attempts', async () => {
    const { log } = await openLog();
    const [pending, failed, delivered] = within(log).getAllByTestId('webhook-delivery');
    expect(pending).toHaveTextContent(/registration\.created.*Pending retry/);
    expect(pending).toHaveTextContent('HTTP 500');
    expect(pending).toHaveTextContent('87 ms');
    expect(pending).toHaveTextContent('2 attempts');
    expect(pending).toHaveTextContent(/Next attempt /);
    expect(failed).toHaveTextContent(/attendee\.checked_in.*Failed/);
    expect(failed).toHaveTextContent('Timed out');
    expect(failed).toHaveTextContent('9 attempts');
    expect(failed).not.toHaveTextContent('HTTP');
    expect(delivered).toHaveTextContent(/Delivered.*HTTP 200.*120 ms.*1 attemptSend again$/);
  });

  it('sends a delivery again and shows its new state in its row', async () => {
    const { user, db, log } = await openLog();
    const failed = within(log).getAllByTestId('webhook-delivery')[1]!;
    await user.click(within(failed).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(failed).toHaveAttribute('data-status', 'delivered'));
    expect(failed).toHaveTextContent(/attendee\.checked_in.*Delivered.*HTTP 200.*64 ms.*10 attempts/);
    expect(within(log).getAllByTestId('webhook-delivery')).toHaveLength(3);
    expect(db.asked.filter((a) => a.method === 'POST').map((a) => a.path)).toEqual([`/organization/webhooks/${hook.id}/deliveries/msg_2/resend/`]);
    expect(await screen.findByText('Sent again.')).toBeInTheDocument();
  });

  it('sends a test event, whose delivery comes first in the log', async () => {
    const { user, log } = await openLog();
    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(within(log).getAllByTestId('webhook-delivery')).toHaveLength(4));
    expect(within(log).getAllByTestId('webhook-delivery')[0]).toHaveTextContent(/webhook\.test.*Delivered/);
    expect(await screen.findByText('Test event sent.')).toBeInTheDocument();
  });

  it('pages with Load More and reads the log again with Refresh', async () => {
    const { user, db, log } = await openLog({ pageSize: 2 });
    expect(within(log).getAllByTestId('webhook-delivery')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(within(log).getAllByTestId('webhook-delivery')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();

    // The receiver failed again meanwhile: the retry shows after a refresh.
    db.log[0] = { ...deliveries[0]!, attempts: 3, status_code: 503 };
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(within(log).getAllByTestId('webhook-delivery')[0]).toHaveTextContent('3 attempts'));
    expect(within(log).getAllByTestId('webhook-delivery')[0]).toHaveTextContent('HTTP 503');
    expect(within(log).getAllByTestId('webhook-delivery')).toHaveLength(2);
  });
});
