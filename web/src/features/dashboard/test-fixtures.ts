// Answers of the API in its real shapes, for the dashboard tests.
import { delay, http, HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import { apiUrl, server } from '@/test/server';
import { renderApp } from '@/test/render';
import type { Profile, TurnoutEvent } from '@/types/api';
import { organization, organizer, signIn as signInAs, eventDefaults } from '@/test/fixtures';

export { gate, organization, organizer, person } from '@/test/fixtures';

// Signs in as the organizer, with the organization id stored.
export const signIn = (): void => signInAs(organization.id);

// The account and its organization, as the top bar and the dashboard ask.
export function answerAccount(profile: Profile = organizer): void {
  server.use(
    http.get(apiUrl('/user/profile/'), () => HttpResponse.json(profile)),
    http.get(apiUrl('/organization/details/'), () =>
      profile.is_organizer
        ? HttpResponse.json(organization)
        : HttpResponse.json({ detail: 'Only organizers have an organization.' }, { status: 403 }),
    ),
  );
}

// The organization's events, as the events panel asks.
// The organization's list, and each of its events as the organizer reads
// it (with its online and invite links, which the list leaves out: the
// update page loads it).
export function answerEvents(list: TurnoutEvent[] = events): void {
  server.use(
    http.get(apiUrl(`/event/organization/${organization.id}/events/`), async () => {
      // Long enough for the loading state to be seen.
      await delay(100);
      return HttpResponse.json(list);
    }),
    http.get(apiUrl('/event/detail/:id/'), ({ params }) => {
      const found = list.find((e) => e.id === params.id);
      return found ? HttpResponse.json(ownerRead(found)) : HttpResponse.json({ detail: 'Event not found.' }, { status: 404 });
    }),
  );
}

// event as its organizer reads it.
export const ownerRead = (event: TurnoutEvent): TurnoutEvent => ({ online_url: null, invite_url: null, ...event });

export const events: TurnoutEvent[] = [
  {
    ...eventDefaults,
    id: '01JEVT00000000000000000001',
    title: 'Harbour Jazz Night',
    description: 'Live jazz on the harbour front.',
    location: 'The Old Boathouse',
    start_time: '2030-05-01T18:30:45Z',
    end_time: '2030-05-01T21:00:00Z',
    capacity: 120,
    seats_left: 118,
    category: 'music',
    city: 'Lyon',
    time_zone: 'Europe/Paris',
    banner: null,
    banner_url: null,
    organization: { id: '01JORG00000000000000000001', name: 'City Lights', logo_url: null },
  },
  {
    ...eventDefaults,
    id: '01JEVT00000000000000000002',
    title: 'Open Air Cinema',
    description: 'Films under the stars.',
    location: 'Park Lawn',
    start_time: '2030-06-01T20:00:00Z',
    end_time: '2030-06-01T23:00:00Z',
    capacity: 300,
    seats_left: 300,
    banner: 'media/uploads/banner/u/2',
    banner_url: 'http://localhost:3000/media/uploads/banner/u/2',
    organization: { id: '01JORG00000000000000000001', name: 'City Lights', logo_url: null },
  },
];

// The create-event page of a signed-in organizer, once its form shows.
export async function openCreateForm() {
  signIn();
  answerAccount();
  answerEvents();
  const view = renderApp('/dashboard/create-event');
  await screen.findByRole('form', { name: 'Create event' });
  return view;
}

// Routes load their pages on demand; loading them before the tests keeps
// a cold module transform from eating the tests' waiting time.
export async function preloadPages(): Promise<void> {
  await Promise.all([
    import('@/api/account'),
    import('./DashboardLayout'),
    import('./OrganizationPanel'),
    import('./CreateEventPage'),
    import('./EventsPanel'),
    import('./EventUpdatePage'),
    import('./MembersPanel'),
  ]);
}
