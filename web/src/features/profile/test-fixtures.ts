// Answers of the API in its real shapes, for the profile tests.
import type { RegisteredEvent } from '@/types/api';

export { gate, organization, organizer, person, signIn } from '@/test/fixtures';

export const registrations: RegisteredEvent[] = [
  {
    id: '01JREG00000000000000000001',
    event_id: '01JEVT00000000000000000001',
    title: 'Harbour Jazz Night',
    start_time: '2030-05-01T18:00:00Z',
    end_time: '2030-05-01T21:00:00Z',
    location: 'The Old Boathouse',
    time_zone: 'UTC',
    status: 'registered',
  },
  {
    id: '01JREG00000000000000000002',
    event_id: '01JEVT00000000000000000002',
    title: 'Open Air Cinema',
    start_time: '2030-06-01T20:00:00Z',
    end_time: '2030-06-01T23:00:00Z',
    location: 'Park Lawn',
    time_zone: 'UTC',
    status: 'registered',
  },
];

// Routes load their pages on demand; loading them before the tests keeps
// a cold module transform from eating the tests' waiting time.
export async function preloadPages(): Promise<void> {
  await Promise.all([
    import('@/api/account'),
    import('./ProfilePage'),
    import('./ProfileEditPage'),
    import('./OrganizationEditPage'),
  ]);
}
