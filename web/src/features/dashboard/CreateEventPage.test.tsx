import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { changeLanguage } from '@/i18n/i18n';
import { currentLocation, renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { events, openCreateForm, preloadPages } from './test-fixtures';

beforeAll(async () => {
  await preloadPages();
});


const BANNER_KEY = 'media/uploads/banner/u/1';

// The presigned POST of /api/media/upload/ and S3 taking the file.
function answerUpload() {
  const uploads: { asked: unknown; fileSize: number | null }[] = [];
  let asked: unknown = null;
  server.use(
    http.post(apiUrl('/media/upload/'), async ({ request }) => {
      asked = await request.json();
      return HttpResponse.json({ url: 'http://s3.test/bucket', fields: { key: BANNER_KEY }, key: BANNER_KEY });
    }),
    http.post('http://s3.test/bucket', async ({ request }) => {
      const form = await request.formData();
      const file = form.get('file');
      // jsdom's XHR hands the file on as a nameless blob: check its size.
      uploads.push({ asked, fileSize: file && typeof file !== 'string' ? file.size : null });
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return uploads;
}

function answerCreate(answer: () => Response) {
  const sent: Record<string, FormDataEntryValue>[] = [];
  server.use(
    http.post(apiUrl('/event/create/'), async ({ request }) => {
      sent.push(Object.fromEntries(await request.formData()));
      return answer();
    }),
  );
  return sent;
}


// datetime-local inputs take their value whole, as a browser's picker sets it.
function setTime(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const REQUIRED = ['Title', 'Location', 'Description', 'Start time', 'End time', 'Capacity'];

// Fills in every required field, the title as given; texts are pasted
// (typing each key of them is slow on a busy machine and tests nothing more).
async function fillRequired(user: ReturnType<typeof renderApp>['user'], title: string) {
  const texts = { Title: title, Location: 'The Old Boathouse', Description: 'Live jazz on the harbour front.', Capacity: '120' };
  for (const [label, text] of Object.entries(texts)) {
    await user.click(screen.getByLabelText(label));
    await user.paste(text);
  }
  setTime('Start time', '2030-05-01T18:30');
  setTime('End time', '2030-05-01T21:00');
}

describe('create event page', () => {
  it('marks and requires the fields the update form does, a 4-row description and an image-only banner picker', async () => {
    await openCreateForm();

    for (const label of REQUIRED) expect(screen.getByLabelText(label)).toBeRequired();
    for (const label of ['Banner (optional)', 'City (optional)', 'Time zone', 'Category']) expect(screen.getByLabelText(label)).not.toBeRequired();
    // One marker per required field, and one in the note explaining them.
    expect(screen.getAllByText('*')).toHaveLength(REQUIRED.length + 1);
    expect(screen.getByText(/are required\./)).toBeInTheDocument();
    expect(screen.getByLabelText('Description').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Description')).toHaveAttribute('rows', '4');
    expect(screen.getByLabelText('Start time')).toHaveAttribute('type', 'datetime-local');
    expect(screen.getByLabelText('End time')).toHaveAttribute('type', 'datetime-local');
    expect(screen.getByLabelText('Capacity')).toHaveAttribute('type', 'number');
    expect(screen.getByLabelText('Banner (optional)')).toHaveAttribute('accept', 'image/*');
  });

  it('reads in Arabic, right to left, with the weekdays named in Arabic', async () => {
    const { user } = await openCreateForm();
    await act(() => changeLanguage('ar'));

    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { level: 1, name: 'إنشاء فعالية' })).toBeInTheDocument();
    expect(screen.getByLabelText('وقت البدء')).toBeRequired();
    expect(screen.getByRole('button', { name: 'إنشاء الفعالية' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'التكرار' }), 'weekly');
    const friday = new Intl.DateTimeFormat('ar', { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 5));
    expect(within(screen.getByRole('group', { name: 'الأيام' })).getByRole('checkbox', { name: friday })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'كل أسبوعين' })).toBeInTheDocument();
  });

  it('makes a weekly series: the rule from the choices, previewed by the server, sent with the event', async () => {
    const sent = answerCreate(() => HttpResponse.json(events[0], { status: 201 }));
    const asked: unknown[] = [];
    server.use(
      http.post(apiUrl('/event/series/preview/'), async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({
          repeat_text: 'Every Wednesday and Friday, 18:30 CEST',
          repeat_pattern: { unit: 'week', every: 1, weekdays: [2, 4], time: '18:30', zone: 'CEST' },
          count: 6, dates: ['2030-05-01T16:30:00Z', '2030-05-03T16:30:00Z'] });
      }),
    );
    const { user } = await openCreateForm();
    await fillRequired(user, 'Run Club');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Repeat' }), 'weekly');
    await user.click(screen.getByRole('checkbox', { name: 'Fri' }));
    await user.clear(screen.getByLabelText('Dates (at most 200)'));
    await user.type(screen.getByLabelText('Dates (at most 200)'), '6');
    const rule = 'FREQ=WEEKLY;INTERVAL=1;BYDAY=WE,FR;COUNT=6';
    // The preview asks once the choices settle.
    await waitFor(() => expect(asked).toContainEqual(expect.objectContaining({ repeat: rule })));
    const preview = await screen.findByRole('status', { name: 'Repeat preview' });
    expect(await within(preview).findByText('Every Wednesday and Friday, 18:30 CEST · 6 dates')).toBeInTheDocument();
    expect(within(preview).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Series created successfully!')).toBeInTheDocument();
    expect(sent[0]?.repeat).toBe(rule);
  });

  it('uploads the banner to S3, creates the event with its key and goes to the events', async () => {
    const uploads = answerUpload();
    const sent = answerCreate(() => HttpResponse.json(events[0], { status: 201 }));
    server.use(
      http.get(apiUrl('/event/public/places/'), () =>
        HttpResponse.json([
          { city: 'Lyon', latitude: 45.764, longitude: 4.8357 },
          { city: 'Lyons-la-Forêt', latitude: null, longitude: null },
        ]),
      ),
    );
    const { user } = await openCreateForm();

    await fillRequired(user, 'Harbour Jazz Night');
    expect(screen.getByLabelText('Waitlist when full')).not.toBeChecked();
    await user.click(screen.getByLabelText('Waitlist when full'));
    // The place fields: a category from the API's list, a city picked with
    // its point, and the browser's own time zone unless changed.
    expect((screen.getByLabelText('Time zone') as HTMLInputElement).value).toContain(Intl.DateTimeFormat().resolvedOptions().timeZone);
    await user.selectOptions(screen.getByLabelText('Category'), 'Music');
    await user.selectOptions(screen.getByLabelText('Event language'), 'French');
    await user.type(screen.getByLabelText('City (optional)'), 'Lyon');
    await user.click(await screen.findByRole('option', { name: /^Lyon\b/ }));
    await user.clear(screen.getByLabelText('Time zone'));
    await user.paste('Paris');
    await user.keyboard('{Enter}');
    await user.upload(screen.getByLabelText('Banner (optional)'), new File(['png'], 'banner.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    expect(await screen.findByText('Event created successfully!')).toBeInTheDocument();
    expect(uploads).toEqual([{ asked: { kind: 'banner', content_type: 'image/png', size: 3 }, fileSize: 3 }]);
    expect(sent).toEqual([
      {
        title: 'Harbour Jazz Night',
        location: 'The Old Boathouse',
        description: 'Live jazz on the harbour front.',
        // The times typed are Paris wall-clock times (CEST, UTC+2).
        start_time: '2030-05-01T16:30:00.000Z',
        end_time: '2030-05-01T19:00:00.000Z',
        capacity: '120',
        waitlist: 'true',
        approval: 'false',
        category: 'music',
        city: 'Lyon',
        latitude: '45.76400',
        longitude: '4.83570',
        time_zone: 'Europe/Paris',
        language: 'fr',
        visibility: 'public',
        online_url: '',
        questions: '[]',
        banner_key: BANNER_KEY,
      },
    ]);
    expect(sent[0]!.start_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/events'));
    expect(await screen.findByRole('heading', { name: 'Open Air Cinema' })).toBeInTheDocument();
  });

  it('creates an event without a banner and sends no banner key', async () => {
    const sent = answerCreate(() => HttpResponse.json(events[0], { status: 201 }));
    const { user } = await openCreateForm();

    await fillRequired(user, 'Quiet Event');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    expect(await screen.findByText('Event created successfully!')).toBeInTheDocument();
    expect(sent[0]).not.toHaveProperty('banner_key');
    expect(await screen.findByRole('heading', { name: 'Open Air Cinema' })).toBeInTheDocument();
  });

  it('tells the user when creating fails and shows the server messages at their fields', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const sent = answerCreate(() =>
      HttpResponse.json(
        {
          location: ['This field is required.'],
          end_time: ['The end time must be after the start time.'],
          capacity: ['Capacity must be a whole number from 1 to 100000.'],
        },
        { status: 400 },
      ),
    );
    const { user } = await openCreateForm();

    await fillRequired(user, 'Harbour Jazz Night');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    expect(await screen.findByText('Failed to create event. Please check your input.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(screen.getByLabelText('Location')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Location')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('End time')).toHaveAccessibleDescription('The end time must be after the start time.');
    expect(screen.getByLabelText('Capacity')).toHaveAccessibleDescription('Capacity must be a whole number from 1 to 100000.');
    expect(screen.getByLabelText('Title')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Title')).toHaveValue('Harbour Jazz Night');
    expect(currentLocation()).toBe('/dashboard/create-event');
    expect(screen.getByRole('button', { name: 'Create Event' })).toBeEnabled();
  });

  it('fails without creating when the banner upload is refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.post(apiUrl('/media/upload/'), () =>
        HttpResponse.json({ content_type: ['Images must be JPEG, PNG, GIF or WebP.'] }, { status: 400 }),
      ),
    );
    const sent = answerCreate(() => HttpResponse.json(events[0], { status: 201 }));
    const { user } = await openCreateForm();

    await fillRequired(user, 'Harbour Jazz Night');
    await user.upload(screen.getByLabelText('Banner (optional)'), new File(['svg'], 'banner.svg', { type: 'image/svg+xml' }));
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    expect(await screen.findByText('Failed to create event. Please check your input.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    expect(screen.getByLabelText('Banner (optional)')).toHaveAccessibleDescription('Images must be JPEG, PNG, GIF or WebP.');
  });
});
