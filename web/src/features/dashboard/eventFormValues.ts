import type { Schemas } from '@/types/api';

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
  // Whether a full event queues people for freed seats, and whether each
  // registration waits for the organizer's approval.
  waitlist: boolean;
  approval: boolean;
  // What and where: a category id, a city, a point ('' when unknown) and
  // the IANA zone the event's times are told in.
  category: string;
  city: string;
  latitude: string;
  longitude: string;
  time_zone: string;
  // The BCP 47 tag of the language it is held in ('' when not said).
  language: string;
  // Who finds and opens it, and its online link ('' for none).
  visibility: Visibility;
  online_url: string;
  // What registering asks, as the form edits them.
  questions: QuestionDraft[];
  // A new event's repeat rule (repeatRule.ts), '' for one event.
  repeat: string;
}

export type Visibility = 'public' | 'unlisted' | 'private';
export type QuestionKind = Schemas['Question']['kind'];

// A question being edited: its options one a line; key names it in the
// form (id is the server's, absent until it is saved).
export interface QuestionDraft {
  key: string;
  id?: string;
  label: string;
  kind: QuestionKind;
  options: string;
  required: boolean;
}

export const hasOptions = (kind: QuestionKind) => kind === 'choice' || kind === 'multi';

export const draftOf = (q: Schemas['Question']): QuestionDraft => ({
  key: q.id,
  id: q.id,
  label: q.label,
  kind: q.kind,
  options: q.options.join('\n'),
  required: q.required,
});

// The questions as the API takes them: a JSON list, ids kept, options of
// a choice one a line.
export function questionsJSON(drafts: QuestionDraft[]): string {
  return JSON.stringify(
    drafts.map(({ id, label, kind, options, required }) => ({
      ...(id ? { id } : {}),
      label: label.trim(),
      kind,
      options: hasOptions(kind) ? options.split('\n').map((o) => o.trim()).filter(Boolean) : [],
      required,
    })),
  );
}

export const emptyEventForm: EventFormValues = {
  title: '',
  location: '',
  description: '',
  start_time: '',
  end_time: '',
  capacity: '',
  waitlist: false,
  approval: false,
  category: 'other',
  city: '',
  latitude: '',
  longitude: '',
  time_zone: '',
  language: '',
  visibility: 'public',
  online_url: '',
  questions: [],
  repeat: '',
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
  approval: 'approval',
  category: 'category',
  city: 'city',
  latitude: 'latitude',
  longitude: 'longitude',
  time_zone: 'time_zone',
  language: 'language',
  visibility: 'visibility',
  online_url: 'online_url',
  questions: 'questions',
  repeat: 'repeat',
  banner: 'banner',
  banner_key: 'banner',
  content_type: 'banner',
  size: 'banner',
};
