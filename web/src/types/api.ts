// Shapes of the API's answers (docs/api.md).

export interface Tokens {
  access: string;
  refresh: string;
}

export interface Profile {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  image_url: string | null;
  joined: string;
  is_organizer: boolean;
  organization_id: string | null;
  // The new address of an email change waiting for confirmation.
  pending_email?: string | null;
}

export interface Organization {
  id: string;
  organization: string;
  organizer: { username: string };
  email: string;
  phone: string;
  address1: string;
  address2: string;
  link: string;
  description: string;
  logo: string | null;
  logo_url: string | null;
}

export interface TurnoutEvent {
  id: string;
  title: string;
  description: string;
  location: string;
  start_time: string;
  end_time: string;
  capacity: number;
  seats_left: number;
  // Whether a full event queues people (absent from older answers).
  waitlist?: boolean;
  // Called off by its organizer: still shown, taking nobody.
  cancelled?: boolean;
  // What the organizer told people when calling it off.
  cancel_reason?: string;
  // What and where (absent from older answers): a category id, a city, a
  // point, and the IANA zone its times are told in.
  category?: string;
  city?: string;
  latitude?: number | null;
  longitude?: number | null;
  time_zone?: string;
  banner: string | null;
  banner_url: string | null;
  organization: { id: string; name: string };
}

export type RegistrationStatus = 'registered' | 'waitlisted';

export interface RegisteredEvent {
  id: string;
  event_id: string;
  title: string;
  start_time: string;
  end_time: string;
  location: string;
  // The IANA zone the event's times are told in.
  time_zone?: string;
  status?: RegistrationStatus;
  // A waitlisted registration's place in the queue (1 is next).
  position?: number;
  // Present, true, once the organizer calls the event off.
  cancelled?: boolean;
}
