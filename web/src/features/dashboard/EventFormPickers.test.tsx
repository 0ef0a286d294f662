// The event form's pickers, used as a person would: the time zone found by
// city and by offset and chosen with the keyboard, the place found by city
// or by the browser's location.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { answerAccount, answerEvents, events, openCreateForm, ownerRead, preloadPages, signIn } from './test-fixtures';

beforeAll(async () => {
  await preloadPages();
});


// The time zone list, found by its id: a role query over hundreds of
// options is slow in jsdom.
const zoneList = () => document.getElementById('event-time_zone-listbox')!;
const zoneNames = () => within(zoneList()).getAllByRole('option').map((o) => o.textContent ?? '');

// Replaces the time zone search with words, as typed in one go.
async function searchZones(user: ReturnType<typeof renderApp>['user'], box: HTMLElement, words: string) {
  await user.click(box);
  await user.keyboard('{Control>}a{/Control}');
  await user.paste(words);
}

// What the create call sends, answered as the API does.
function answerCreate() {
  const sent: Record<string, FormDataEntryValue>[] = [];
  server.use(
    http.post(apiUrl('/event/create/'), async ({ request }) => {
      sent.push(Object.fromEntries(await request.formData()));
      return HttpResponse.json(events[0], { status: 201 });
    }),
  );
  return sent;
}

// Fills in the required fields, each in one go (these tests are about the
// pickers).
function fillRequired() {
  const values = { Title: 'Harbour Jazz Night', Location: 'The Old Boathouse', Description: 'Live jazz.', 'Start time': '2030-05-01T18:30', 'End time': '2030-05-01T21:00', Capacity: '50' };
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('time zone picker', () => {
  it("starts at the browser's zone, which leads the list", async () => {
    const { user } = await openCreateForm();
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const box = screen.getByRole('combobox', { name: 'Time zone' });

    expect((box as HTMLInputElement).value).toContain(browserZone);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(zoneList()).toHaveAccessibleName('Time zones');
    const first = zoneList().querySelector('[role="option"]')!;
    expect(first).toHaveTextContent(browserZone);
    expect(first).toHaveAttribute('aria-selected', 'true');
  });

  it('finds zones by city, named as the mails name them with their offset', async () => {
    const { user } = await openCreateForm();
    const box = screen.getByRole('combobox', { name: 'Time zone' });

    await searchZones(user, box, 'Lisbon');
    expect(zoneNames()).toEqual([expect.stringMatching(/^WES?T \(Europe\/Lisbon\) GMT\+[01]$/)]);
    expect(screen.getByText('1 time zone')).toBeInTheDocument();

    await searchZones(user, box, 'auckland');
    expect(zoneNames()).toEqual([expect.stringMatching(/Pacific\/Auckland GMT\+1[23]$/)]);

    await searchZones(user, box, 'new york');
    expect(zoneNames()).toEqual([expect.stringMatching(/^E[SD]T \(America\/New_York\) GMT-[45]$/)]);
  });

  it('finds zones by offset', async () => {
    const { user } = await openCreateForm();
    const box = screen.getByRole('combobox', { name: 'Time zone' });

    // Whole hours find that hour's half- and quarter-hour zones too.
    await searchZones(user, box, '+13');
    const plus13 = zoneNames();
    expect(plus13.some((z) => z.includes('Pacific/Tongatapu'))).toBe(true);
    expect(plus13.every((z) => /GMT\+13(:\d\d)?$/.test(z))).toBe(true);

    await searchZones(user, box, 'GMT-5');
    const minus5 = zoneNames();
    expect(minus5.some((z) => z.includes('America/Bogota'))).toBe(true);
    expect(minus5.every((z) => z.endsWith('GMT-5'))).toBe(true);

    await searchZones(user, box, 'UTC+5:30');
    expect(zoneNames().some((z) => /Asia\/(Kolkata|Calcutta)/.test(z))).toBe(true);
  });

  it('is chosen with the keyboard, and the choice is sent', async () => {
    const sent = answerCreate();
    const { user } = await openCreateForm();
    fillRequired();
    const box = screen.getByRole('combobox', { name: 'Time zone' });

    await searchZones(user, box, 'Europe L');
    const options = within(zoneList()).getAllByRole('option');
    // The first match is active as the list opens; the arrows move on.
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveTextContent('Europe/London');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[options.length - 1]!.id);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect((box as HTMLInputElement).value).toMatch(/^(GMT|BST) \(Europe\/London\)$/);

    // Escape closes the list; words left unpicked give way to the choice.
    await user.type(box, 'xyz');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.tab();
    expect((box as HTMLInputElement).value).toMatch(/^(GMT|BST) \(Europe\/London\)$/);

    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    // The page goes on to the events, once they are loaded.
    expect(await screen.findByRole('heading', { name: 'Open Air Cinema' })).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.time_zone).toBe('Europe/London');
    // Wall-clock times in London (BST, UTC+1, in May).
    expect(sent[0]!.start_time).toBe('2030-05-01T17:30:00.000Z');
  });
});

// The update form of an event at a point in Lyon, and what it sends.
async function openUpdateFormWithPoint() {
  const sent: Record<string, FormDataEntryValue>[] = [];
  server.use(
    http.patch(apiUrl('/event/detail/:id/'), async ({ request }) => {
      sent.push(Object.fromEntries(await request.formData()));
      return HttpResponse.json(events[0]);
    }),
  );
  signIn();
  answerAccount();
  answerEvents();
  const view = renderApp('/dashboard/event-update', { event: ownerRead({ ...events[0]!, latitude: 45.764, longitude: 4.8357 }) });
  await screen.findByRole('form', { name: 'Update event' });
  return { ...view, sent };
}

describe('place picker', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('finds a city among those of events and fills in its point', async () => {
    const asked: string[] = [];
    server.use(
      http.get(apiUrl('/event/public/places/'), ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json([
          { city: 'Lyon', latitude: 45.764, longitude: 4.8357 },
          { city: 'Lyons-la-Forêt', latitude: null, longitude: null },
        ]);
      }),
    );
    const sent = answerCreate();
    const { user } = await openCreateForm();
    fillRequired();
    const city = screen.getByRole('combobox', { name: 'City (optional)' });
    expect(screen.getByText(/No map point yet/)).toBeInTheDocument();

    await user.type(city, 'Ly');
    const list = await screen.findByRole('listbox', { name: 'Cities of events' });
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Lyonmap point', 'Lyons-la-Forêt']);
    expect(asked).toContain('Ly');
    // Suggestions leave Enter to the form until one is chosen.
    expect(city).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(city).toHaveValue('Lyon');
    expect(screen.getByText(/Map point 45\.76400, 4\.83570/)).toBeInTheDocument();
    expect(screen.getByLabelText('Latitude (optional)')).toHaveValue('45.76400');
    expect(screen.getByLabelText('Longitude (optional)')).toHaveValue('4.83570');

    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    // The page goes on to the events, once they are loaded.
    expect(await screen.findByRole('heading', { name: 'Open Air Cinema' })).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ city: 'Lyon', latitude: '45.76400', longitude: '4.83570' });
  });

  it("fills in the point from the browser's location, and clearing the city clears it", async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (found: PositionCallback) =>
          found({ coords: { latitude: 48.856614, longitude: 2.3522219 } } as GeolocationPosition),
      },
    });
    server.use(http.get(apiUrl('/event/public/places/'), () => HttpResponse.json([])));
    const { user } = await openCreateForm();
    const city = screen.getByRole('combobox', { name: 'City (optional)' });

    await user.type(city, 'Paris');
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(screen.getByText(/Map point 48\.85661, 2\.35222/)).toBeInTheDocument();
    expect(screen.getByLabelText('Latitude (optional)')).toHaveValue('48.85661');
    expect(screen.getByRole('link', { name: 'See it on a map' })).toHaveAttribute('href', expect.stringContaining('mlat=48.85661&mlon=2.35222'));

    await user.clear(city);
    expect(screen.getByText(/No map point yet/)).toBeInTheDocument();
    expect(screen.getByLabelText('Latitude (optional)')).toHaveValue('');
    expect(screen.getByLabelText('Longitude (optional)')).toHaveValue('');
  });

  it('keeps the coordinates behind a disclosure', async () => {
    const { user } = await openCreateForm();
    const disclosure = screen.getByText('Set coordinates by hand').closest('details')!;

    expect(disclosure).not.toHaveAttribute('open');
    await user.click(screen.getByText('Set coordinates by hand'));
    expect(disclosure).toHaveAttribute('open');
    await user.type(screen.getByLabelText('Latitude (optional)'), '-33.8688');
    await user.type(screen.getByLabelText('Longitude (optional)'), '151.2093');
    expect(screen.getByText(/Map point -33\.8688, 151\.2093/)).toBeInTheDocument();
  });

  it("keeps an event's point when the place is not touched", async () => {
    const { user, sent } = await openUpdateFormWithPoint();

    expect(screen.getByRole('combobox', { name: 'City (optional)' })).toHaveValue('Lyon');
    expect(screen.getByText(/Map point 45\.764, 4\.8357/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    // The page goes on to the events, once they are loaded.
    expect(await screen.findByRole('heading', { name: 'Open Air Cinema' })).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    // Not sent, as nothing of the place changed: the API keeps the event's
    // point (and city and zone).
    for (const field of ['city', 'time_zone', 'latitude', 'longitude']) expect(sent[0]).not.toHaveProperty(field);
  });

  it("clears an event's point when the organizer removes it", async () => {
    const { user, sent } = await openUpdateFormWithPoint();

    await user.click(screen.getByRole('button', { name: 'Remove map point' }));
    expect(screen.getByText(/No map point yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(await screen.findByRole('heading', { name: 'Open Air Cinema' })).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ latitude: '', longitude: '' });
    expect(sent[0]).not.toHaveProperty('city');
  });
});

describe('event form text', () => {
  it('lets free text run in its own direction', async () => {
    await openCreateForm();

    for (const label of ['Title', 'Location', 'Description', 'City (optional)', 'Time zone']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('dir', 'auto');
    }
  });
});
