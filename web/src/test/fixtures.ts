// API answers in their real shapes, shared by the feature tests.
import type { Organization, Profile, TurnoutEvent } from '@/types/api';

// Stores a session as a login would; organizers also keep their
// organization's id.
export function signIn(organizationId?: string): void {
  localStorage.setItem('access', 'access-token');
  localStorage.setItem('refresh', 'refresh-token');
  if (organizationId) localStorage.setItem('organization_id', organizationId);
}

export const person: Profile = {
  id: '01JUSER0000000000000000001',
  username: 'ana',
  first_name: 'Ana',
  last_name: 'Lima',
  email: 'ana@example.com',
  phone: '5550100',
  address: '',
  image_url: null,
  joined: '2026-01-15T10:00:00Z',
  is_organizer: false,
  organization_id: null,
  pending_email: null,
  mail_problem: null,
};

export const organizer: Profile = {
  ...person,
  id: '01JUSER0000000000000000002',
  username: 'citylights',
  first_name: '',
  last_name: '',
  email: 'hello@citylights.example',
  is_organizer: true,
  organization_id: '01JORG00000000000000000001',
};

export const organization: Organization = {
  id: '01JORG00000000000000000001',
  organization: 'City Lights',
  organizer: { username: 'citylights' },
  email: 'hello@citylights.example',
  phone: '',
  address1: '1 Harbour Road',
  address2: '',
  link: '',
  description: '',
  logo: null,
  logo_url: null,
};

// A promise the test resolves when it is ready for a mocked answer.
export function gate(): { wait: Promise<void>; open: () => void } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

// The fields of an event as the API sends them when the organizer left
// them at their defaults (no waitlist, category or place; times in UTC).
export const eventDefaults = {
  waitlist: false,
  approval: false,
  cancelled: false,
  category: 'other',
  city: '',
  latitude: null,
  longitude: null,
  time_zone: 'UTC',
  visibility: 'public',
  online: false,
} satisfies Partial<TurnoutEvent>;

// An event of the public list, three days ahead.
// Noon, in the tests' own zone, three days ahead: the event's three hours
// never cross midnight, whatever the hour the tests run (a range across
// days is written with both dates).
const noonInThreeDays = (() => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 3, 12).getTime();
})();

export const upcomingEvent: TurnoutEvent = {
  ...eventDefaults,
  id: '01J0000000000000000000JAZZ',
  title: 'Jazz in the Park',
  description: 'An evening of live jazz under the trees.',
  location: 'Riverside Park',
  start_time: new Date(noonInThreeDays).toISOString(),
  end_time: new Date(noonInThreeDays + 3 * 3_600_000).toISOString(),
  capacity: 120,
  seats_left: 42,
  banner: null,
  banner_url: null,
  organization: { id: 'org-1', name: 'City Lights', logo_url: null },
};
