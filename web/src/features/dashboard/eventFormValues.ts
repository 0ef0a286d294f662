// What the event form holds, shared by the form, its pages and the calls
// that send it.

export interface EventFormValues {
  title: string;
  location: string;
  description: string;
  // datetime-local values, local time to the minute.
  start_time: string;
  end_time: string;
  capacity: string;
  // Whether a full event queues people for freed seats.
  waitlist: boolean;
  // What and where: a category id, a city, a point ('' when unknown) and
  // the IANA zone the event's times are told in.
  category: string;
  city: string;
  latitude: string;
  longitude: string;
  time_zone: string;
  // Who finds and opens it, and its online link ('' for none).
  visibility: Visibility;
  online_url: string;
}

export type Visibility = 'public' | 'unlisted' | 'private';

export const emptyEventForm: EventFormValues = {
  title: '',
  location: '',
  description: '',
  start_time: '',
  end_time: '',
  capacity: '',
  waitlist: false,
  category: 'other',
  city: '',
  latitude: '',
  longitude: '',
  time_zone: '',
  visibility: 'public',
  online_url: '',
};

// API fields (and those of the banner upload) → the form field that shows them.
export const EVENT_FIELD_OF: Record<string, string> = {
  title: 'title',
  location: 'location',
  description: 'description',
  start_time: 'start_time',
  end_time: 'end_time',
  capacity: 'capacity',
  waitlist: 'waitlist',
  category: 'category',
  city: 'city',
  latitude: 'latitude',
  longitude: 'longitude',
  time_zone: 'time_zone',
  visibility: 'visibility',
  online_url: 'online_url',
  banner: 'banner',
  banner_key: 'banner',
  content_type: 'banner',
  size: 'banner',
};
