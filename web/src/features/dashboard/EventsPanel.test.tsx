import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { currentLocation, renderApp } from '@/test/render';
import { eventTimeRange } from '@/lib/time';
import { apiUrl, server } from '@/test/server';
import { answerAccount, answerEvents, events, organization, ownerRead, preloadPages, signIn } from './test-fixtures';

beforeAll(async () => {
  await preloadPages();
});


const itemOf = async (title: string) => (await screen.findByRole('heading', { name: title })).closest('li')!;

function answerDelete(answer: () => Response) {
  const deleted: string[] = [];
  server.use(
    http.delete(apiUrl('/event/detail/:id/'), ({ params }) => {
      deleted.push(String(params.id));
      return answer();
    }),
  );
  return deleted;
}

describe('events panel', () => {
  it("lists the organization's events with Edit and Delete", async () => {
    signIn();
    answerAccount();
    answerEvents();
    renderApp('/dashboard/events');

    await screen.findByText('Loading events...');
    const jazz = await itemOf('Harbour Jazz Night');
    expect(jazz).toHaveTextContent('The Old Boathouse');
    expect(jazz).toHaveTextContent(eventTimeRange(events[0]!.start_time, events[0]!.end_time, events[0]!.time_zone).replace(/\s+/g, ' '));
    expect(within(jazz).getByRole('link', { name: 'Harbour Jazz Night' })).toHaveAttribute('href', `/event/detail?id=${events[0]!.id}`);
    expect(within(jazz).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(jazz).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    const cinema = await itemOf('Open Air Cinema');
    expect(within(cinema).getByAltText('Banner of Open Air Cinema')).toHaveAttribute('src', events[1]!.banner_url);
    expect(screen.queryByText('Loading events...')).not.toBeInTheDocument();
  });

  it('says so when there are no events', async () => {
    signIn();
    answerAccount();
    answerEvents([]);
    renderApp('/dashboard/events');

    expect(await screen.findByText('You have not created any events yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first event' })).toHaveAttribute('href', '/dashboard/create-event');
  });

  it('finds the organization from the profile when none is stored, and stores it', async () => {
    signIn();
    localStorage.removeItem('organization_id');
    answerAccount();
    answerEvents();
    renderApp('/dashboard/events');

    expect(await screen.findByRole('heading', { name: 'Harbour Jazz Night' })).toBeInTheDocument();
    expect(localStorage.getItem('organization_id')).toBe(organization.id);
  });

  it('tells the user when the events cannot be loaded', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answerAccount();
    server.use(
      http.get(apiUrl(`/event/organization/${organization.id}/events/`), () =>
        HttpResponse.json({ detail: 'Something went wrong.' }, { status: 500 }),
      ),
    );
    renderApp('/dashboard/events');

    expect(await screen.findByText('Failed to fetch events')).toBeInTheDocument();
    expect(screen.queryByText('You have not created any events yet.')).not.toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent("We could not load the organization's events.");
  });

  it('marks a cancelled event', async () => {
    signIn();
    answerAccount();
    answerEvents([{ ...events[0]!, cancelled: true }, events[1]!]);
    renderApp('/dashboard/events');

    expect(within(await itemOf('Harbour Jazz Night')).getByText('Cancelled')).toBeInTheDocument();
    expect(within(await itemOf('Open Air Cinema')).queryByText('Cancelled')).not.toBeInTheDocument();
  });

  it('Edit opens the update page with the event', async () => {
    signIn();
    answerAccount();
    answerEvents();
    const { user } = renderApp('/dashboard/events');

    await user.click(within(await itemOf('Harbour Jazz Night')).getByRole('button', { name: 'Edit' }));

    // The id in the URL lets a reload find the event again.
    await waitFor(() => expect(currentLocation()).toBe(`/dashboard/event-update?id=${events[0]!.id}`));
    expect(await screen.findByLabelText('Title')).toHaveValue('Harbour Jazz Night');
  });

  it('Duplicate makes a copy and opens it in the edit form', async () => {
    signIn();
    answerAccount();
    answerEvents();
    // As its organizer reads it: the edit form needs nothing more.
    const copy = ownerRead({ ...events[0]!, id: '01JCOPY0000000000000000000', start_time: '2031-06-08T18:00:00Z', end_time: '2031-06-08T21:00:00Z', cancelled: false });
    const duplicated: string[] = [];
    server.use(
      http.post(apiUrl('/event/detail/:id/duplicate/'), ({ params }) => {
        duplicated.push(String(params.id));
        return HttpResponse.json(copy, { status: 201 });
      }),
    );
    const { user } = renderApp('/dashboard/events');

    await user.click(within(await itemOf('Harbour Jazz Night')).getByRole('button', { name: 'Duplicate' }));

    expect(await screen.findByText('Event duplicated: check its date and details.')).toBeInTheDocument();
    expect(duplicated).toEqual([events[0]!.id]);
    await waitFor(() => expect(currentLocation()).toBe(`/dashboard/event-update?id=${copy.id}`));
    expect(await screen.findByLabelText('Title')).toHaveValue('Harbour Jazz Night');
  });

  it('says so when duplicating fails, and stays', async () => {
    signIn();
    answerAccount();
    answerEvents();
    server.use(http.post(apiUrl('/event/detail/:id/duplicate/'), () => HttpResponse.json({ detail: 'boom' }, { status: 500 })));
    const { user } = renderApp('/dashboard/events');

    await user.click(within(await itemOf('Harbour Jazz Night')).getByRole('button', { name: 'Duplicate' }));

    expect(await screen.findByText('Failed to duplicate event')).toBeInTheDocument();
    expect(currentLocation()).toBe('/dashboard/events');
    expect(within(await itemOf('Harbour Jazz Night')).getByRole('button', { name: 'Duplicate' })).toBeEnabled();
  });

  it('deletes an event after Yes and removes it', async () => {
    signIn();
    answerAccount();
    answerEvents();
    const deleted = answerDelete(() => new HttpResponse(null, { status: 204 }));
    const { user } = renderApp('/dashboard/events');

    await user.click(within(await itemOf('Harbour Jazz Night')).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('alertdialog');
    expect(within(question).getByRole('button', { name: 'No' })).toBeInTheDocument();
    expect(deleted).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText('Event deleted successfully')).toBeInTheDocument();
    expect(deleted).toEqual([events[0]!.id]);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Harbour Jazz Night' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Open Air Cinema' })).toBeInTheDocument();
  });

  it('keeps the event after No', async () => {
    signIn();
    answerAccount();
    answerEvents();
    const deleted = answerDelete(() => new HttpResponse(null, { status: 204 }));
    const { user } = renderApp('/dashboard/events');

    await user.click(within(await itemOf('Harbour Jazz Night')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'No' }));

    // A dismissed toast leaves after its exit animation (1 s).
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument(), { timeout: 2500 });
    expect(deleted).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Harbour Jazz Night' })).toBeInTheDocument();
  });

  it('tells the user when deleting fails and keeps the event', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answerAccount();
    answerEvents();
    const deleted = answerDelete(() => HttpResponse.json({ detail: 'Only the organization that owns the event may change it.' }, { status: 403 }));
    const { user } = renderApp('/dashboard/events');

    await user.click(within(await itemOf('Harbour Jazz Night')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText('Failed to delete event')).toBeInTheDocument();
    expect(deleted).toEqual([events[0]!.id]);
    expect(screen.getByRole('heading', { name: 'Harbour Jazz Night' })).toBeInTheDocument();
    expect(screen.queryByText('Event deleted successfully')).not.toBeInTheDocument();
  });
});

describe('events panel, series', () => {
  it('shows a series once, at its soonest date, with its later dates folded under it', async () => {
    signIn();
    answerAccount();
    const series = { id: '01JSER00000000000000000001', position: 1 };
    const first = { ...events[0]!, id: '01JEVT0000000000000000000A', title: 'Run Club', series };
    const second = { ...first, id: '01JEVT0000000000000000000B', start_time: '2030-05-08T18:30:45Z', end_time: '2030-05-08T21:00:00Z', series: { ...series, position: 2 } };
    answerEvents([first, events[1]!, second]);
    const { user } = renderApp('/dashboard/events');
    expect(await screen.findAllByRole('link', { name: 'Run Club' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: events[1]!.title })).toBeInTheDocument();
    await user.click(screen.getByText('1 more date of this series'));
    expect(screen.getAllByRole('link', { name: 'Attendees' })).toHaveLength(3);
  });
});
