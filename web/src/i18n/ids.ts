// Every message id, from the English catalogs (the source of each
// language's): a misspelt id fails the type check. A namespace is added
// here when its catalogs are: "common" is the first screen's (the layout,
// the home page, event cards), "shared" the other shared components', "api"
// the server's messages by code, "widget" the embeddable widget's (src/widget),
// the rest one per feature folder.
import type common from '@/locales/en/common.json';
import type shared from '@/locales/en/shared.json';
import type api from '@/locales/en/api.json';
import type events from '@/locales/en/events.json';
import type auth from '@/locales/en/auth.json';
import type profile from '@/locales/en/profile.json';
import type dashboard from '@/locales/en/dashboard.json';
import type attendees from '@/locales/en/attendees.json';
import type organizations from '@/locales/en/organizations.json';
import type rsvp from '@/locales/en/rsvp.json';
import type tickets from '@/locales/en/tickets.json';
import type join from '@/locales/en/join.json';
import type developers from '@/locales/en/developers.json';
import type widget from '@/locales/en/widget.json';

interface Catalogs {
  common: typeof common;
  shared: typeof shared;
  api: typeof api;
  events: typeof events;
  auth: typeof auth;
  profile: typeof profile;
  dashboard: typeof dashboard;
  attendees: typeof attendees;
  organizations: typeof organizations;
  rsvp: typeof rsvp;
  tickets: typeof tickets;
  join: typeof join;
  developers: typeof developers;
  widget: typeof widget;
}

export type Namespace = keyof Catalogs;
export type MessageId = { [N in Namespace]: keyof Catalogs[N] & string }[Namespace];
