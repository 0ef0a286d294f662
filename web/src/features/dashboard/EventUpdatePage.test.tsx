import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { currentLocation, renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { answerAccount, answerEvents, events, ownerRead, preloadPages, signIn } from './test-fixtures';

beforeAll(async () => {
  await preloadPages();
});


const event = events[0]!; // starts 2030-05-01T18:30:45Z
const FIELDS = ['Title', 'Location', 'Description', 'Start time', 'End time', 'Capacity'];

function answerUpdate(answer: () => Response) {
  const sent: { id: string; body: Record<string, FormDataEntryValue> }[] = [];
  server.use(
    http.patch(apiUrl('/event/detail/:id/'), async ({ request, params }) => {
      sent.push({ id: String(params.id), body: Object.fromEntries(await request.formData()) });
      return answer();
    }),
  );
  return sent;
}

async function openForm(state: unknown = { event: ownerRead(event) }) {
  signIn();
  answerAccount();
  answerEvents();
  const view = renderApp('/dashboard/event-update', state);
  await screen.findByRole('form', { name: 'Update event' });
  return view;
}

describe('event update page', () => {
  it('without an event, says so and links back to the events', async () => {
    signIn();
    answerAccount();
    answerEvents();
    const { user } = renderApp('/dashboard/event-update');

    expect(await screen.findByText(/No event data found\./)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Events' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/events'));
    expect(await screen.findByRole('heading', { name: 'Harbour Jazz Night' })).toBeInTheDocument();
  });

  it('opened by its URL (?id=, a reload or a bookmark), loads the event first', async () => {
    signIn();
    answerAccount();
    const asked: string[] = [];
    server.use(
      http.get(apiUrl('/event/detail/:id/'), ({ params, request }) => {
        asked.push(`${String(params.id)} ${request.headers.get('Authorization')}`);
        return HttpResponse.json(event);
      }),
    );
    renderApp(`/dashboard/event-update?id=${event.id}`);

    expect(await screen.findByLabelText('Title')).toHaveValue(event.title);
    expect(screen.queryByText(/No event data found\./)).not.toBeInTheDocument();
    expect(asked).toEqual([`${event.id} Bearer access-token`]);
  });

  it('says there is no event data when the event of ?id= cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    answerAccount();
    server.use(http.get(apiUrl('/event/detail/:id/'), () => HttpResponse.json({ detail: 'Event not found.' }, { status: 404 })));
    renderApp('/dashboard/event-update?id=01JEVT0000000000000000GONE');

    expect(await screen.findByText(/No event data found\./)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('says who made the event and who last changed it, and when', async () => {
    const edited = ownerRead({
      ...event,
      created_by: { id: '01JORG', username: 'harbour' },
      changed_by: { id: '01JMAN', username: 'mara' },
      changed_at: '2030-04-01T12:00:00Z',
    });
    await openForm({ event: edited });
    expect(screen.getByText(/^Made by @harbour\. Last changed by @mara on \w{3}, (Mar 31|Apr 1|Apr 2), .+\.$/)).toBeInTheDocument();
  });

  it('says nothing of editors an event does not have', async () => {
    await openForm();
    expect(screen.queryByText(/Made by|Last changed by/)).not.toBeInTheDocument();
  });

  it('requires every field but the banner, with visible markers', async () => {
    await openForm();

    for (const label of FIELDS) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByLabelText('Banner (optional)')).not.toBeRequired();
    // One marker per required field, and one in the note explaining them.
    expect(screen.getAllByText('*')).toHaveLength(FIELDS.length + 1);
    expect(screen.getByLabelText('Description')).toHaveAttribute('rows', '4');
    expect(screen.getByLabelText('Banner (optional)')).toHaveAttribute('accept', 'image/*');
  });

  it("fills in the event, times in the event's zone trimmed to the minute", async () => {
    await openForm();

    expect(screen.getByLabelText('Title')).toHaveValue('Harbour Jazz Night');
    expect(screen.getByLabelText('Location')).toHaveValue('The Old Boathouse');
    expect(screen.getByLabelText('Description')).toHaveValue('Live jazz on the harbour front.');
    expect(screen.getByLabelText('Capacity')).toHaveValue(120);
    const start = (screen.getByLabelText('Start time') as HTMLInputElement).value;
    const end = (screen.getByLabelText('End time') as HTMLInputElement).value;
    expect(start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
    // Paris wall-clock time (CEST, UTC+2), the start without its 45 seconds.
    expect(start).toBe('2030-05-01T20:30');
    expect(end).toBe('2030-05-01T23:00');
    expect((screen.getByLabelText('Time zone') as HTMLInputElement).value).toMatch(/^CES?T \(Europe\/Paris\)$/);
  });

  it('sends the changes and goes back to the events', async () => {
    const sent = answerUpdate(() => HttpResponse.json({ ...event, title: 'Harbour Jazz Night (indoors)' }));
    const { user } = await openForm();

    await user.type(screen.getByLabelText('Title'), ' (indoors)');
    fireEvent.change(screen.getByLabelText('End time'), { target: { value: '2030-05-01T22:15' } });
    await user.click(screen.getByRole('button', { name: 'Update Event' }));

    expect(await screen.findByText('Event updated successfully!')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        id: event.id,
        body: {
          title: 'Harbour Jazz Night (indoors)',
          location: 'The Old Boathouse',
          description: 'Live jazz on the harbour front.',
          start_time: '2030-05-01T18:30:00.000Z',
          // Typed in the event's zone, Europe/Paris (CEST, UTC+2).
          end_time: '2030-05-01T20:15:00.000Z',
          capacity: '120',
          // Nothing else: the event keeps what the form did not change.
        },
      },
    ]);
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/events'));
    expect(await screen.findByRole('heading', { name: 'Open Air Cinema' })).toBeInTheDocument();
  });

  it('leaves every field it was not given or that was not changed as the event has it', async () => {
    // The list gave no point (an older list, or an event without one):
    // saving must not clear the one the event may have.
    const sent = answerUpdate(() => HttpResponse.json(event));
    server.use(http.get(apiUrl('/event/public/places/'), () => HttpResponse.json([{ city: 'Grenoble', latitude: null, longitude: null }])));
    const { user } = await openForm({ event: ownerRead({ ...event, latitude: null, longitude: null, waitlist: undefined } as unknown as typeof event) });

    await user.clear(screen.getByLabelText('City (optional)'));
    await user.type(screen.getByLabelText('City (optional)'), 'Grenoble');
    // The cities of events are suggested after a pause in the typing; the
    // city is typed, not picked.
    expect(await screen.findByRole('option', { name: /^Grenoble/ })).toBeInTheDocument();
    await user.click(screen.getByLabelText('Waitlist when full'));
    await user.click(screen.getByRole('button', { name: 'Update Event' }));

    expect(await screen.findByText('Event updated successfully!')).toBeInTheDocument();
    expect(sent[0]!.body).toEqual({
      title: event.title,
      location: event.location,
      description: event.description,
      start_time: '2030-05-01T18:30:00.000Z',
      end_time: '2030-05-01T21:00:00.000Z',
      capacity: '120',
      waitlist: 'true',
      city: 'Grenoble',
    });
    expect(await screen.findByRole('heading', { name: 'Open Air Cinema' })).toBeInTheDocument();
  });

  it('sends a point the person typed, and clears one they emptied', async () => {
    const sent = answerUpdate(() => HttpResponse.json(event));
    const { user } = await openForm({ event: ownerRead({ ...event, latitude: 45.764, longitude: 4.8357 }) });

    expect(screen.getByLabelText('Latitude (optional)')).toHaveValue('45.764');
    await user.clear(screen.getByLabelText('Latitude (optional)'));
    await user.clear(screen.getByLabelText('Longitude (optional)'));
    await user.click(screen.getByRole('button', { name: 'Update Event' }));

    expect(await screen.findByText('Event updated successfully!')).toBeInTheDocument();
    expect(sent[0]!.body).toMatchObject({ latitude: '', longitude: '' });
    expect(sent[0]!.body).not.toHaveProperty('city');
    expect(await screen.findByRole('heading', { name: 'Open Air Cinema' })).toBeInTheDocument();
  });

  it('uploads a new banner and sends its key', async () => {
    server.use(
      http.post(apiUrl('/media/upload/'), () =>
        HttpResponse.json({ url: 'http://s3.test/bucket', fields: { key: 'media/uploads/banner/u/9' }, key: 'media/uploads/banner/u/9' }),
      ),
      http.post('http://s3.test/bucket', () => new HttpResponse(null, { status: 204 })),
    );
    const sent = answerUpdate(() => HttpResponse.json(event));
    const { user } = await openForm();

    await user.upload(screen.getByLabelText('Banner (optional)'), new File(['png'], 'new.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Update Event' }));

    expect(await screen.findByText('Event updated successfully!')).toBeInTheDocument();
    expect(sent[0]!.body.banner_key).toBe('media/uploads/banner/u/9');
    expect(await screen.findByRole('heading', { name: 'Open Air Cinema' })).toBeInTheDocument();
  });

  it('does not send a form with an empty required field', async () => {
    const sent = answerUpdate(() => HttpResponse.json(event));
    const { user } = await openForm();

    await user.clear(screen.getByLabelText('Title'));
    await user.click(screen.getByRole('button', { name: 'Update Event' }));

    expect(screen.getByLabelText('Title')).toBeInvalid();
    expect(sent).toEqual([]);
    expect(screen.queryByText('Event updated successfully!')).not.toBeInTheDocument();
  });

  it('tells the user when the update fails and shows the reasons at their fields', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answerUpdate(() => HttpResponse.json({ capacity: ['Capacity cannot go below the 2 seats already taken.'] }, { status: 400 }));
    const { user } = await openForm();

    await user.click(screen.getByRole('button', { name: 'Update Event' }));

    expect(await screen.findByText('Failed to update event. Please check your input.')).toBeInTheDocument();
    expect(screen.getByLabelText('Capacity')).toHaveAccessibleDescription('Capacity cannot go below the 2 seats already taken.');
    expect(currentLocation()).toBe('/dashboard/event-update');
  });
});

describe('event update page, series', () => {
  it('changes an occurrence alone by default, or with the later ones when asked', async () => {
    signIn();
    answerAccount();
    const occurrence = { ...ownerRead(events[0]!), series: { id: '01JSER00000000000000000001', position: 2 } };
    answerEvents([occurrence]);
    const sent: Record<string, FormDataEntryValue>[] = [];
    server.use(
      http.patch(apiUrl(`/event/detail/${occurrence.id}/`), async ({ request }) => {
        sent.push(Object.fromEntries(await request.formData()));
        return HttpResponse.json(occurrence);
      }),
    );
    const { user } = renderApp(`/dashboard/event-update?id=${occurrence.id}`);
    expect(await screen.findByLabelText('This event only')).toBeChecked();
    await user.click(screen.getByLabelText('This and following events'));
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.scope).toBe('following');
  });
});
