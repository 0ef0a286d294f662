// The dashboard's pages, relative to it (its nested routes use these).
export const dashboardPages = {
  profile: 'profile',
  createEvent: 'create-event',
  events: 'events',
  eventUpdate: 'event-update',
  attendees: 'attendees',
  checkIn: 'check-in',
  members: 'members',
  developers: 'developers',
} as const;

const dashboard = '/dashboard';

// Every route of the app, built in one place.
export const paths = {
  home: '/',
  events: '/events',
  // The event travels in navigation state; the id in the query makes the
  // URL shareable.
  eventDetail: (id?: string, invite?: string) =>
    id ? `/event/detail?id=${encodeURIComponent(id)}${invite ? `&invite=${encodeURIComponent(invite)}` : ''}` : '/event/detail',
  // An organization's public page.
  organization: (id = ':id') => `/organizations/${id === ':id' ? id : encodeURIComponent(id)}`,
  // A ticket's own page, opened by its secret link without a login (?t=
  // the secret: it holds dots, and the edge serves the app only for paths
  // without one).
  ticket: '/ticket',
  // A guest's registration (one made without an account), opened by the
  // private manage link mailed to them without a login (?t= the secret).
  rsvp: '/rsvp',
  // Where the link confirming a guest's registration lands (?t= the token);
  // opening it changes nothing, its button confirms.
  rsvpConfirm: '/rsvp/confirm',
  // Where an optional mail's one-click link lands (?t= the token).
  unsubscribe: '/unsubscribe',
  register: '/register',
  login: '/login',
  forgotPassword: '/forget/password',
  resetPassword: '/forget/password/create',
  activated: '/activate-account',
  activationInvalid: '/activate-account/invalid',
  // Where an activation link opened again lands (a second click, a mail scanner).
  activationAlready: '/activate-account/already',
  // Where the link confirming a new email address lands.
  emailConfirmed: '/confirm-email',
  emailInvalid: '/confirm-email/invalid',
  emailTaken: '/confirm-email/taken',
  profile: '/profile',
  profileEdit: '/profile/edit',
  organizationEdit: '/organization_info/edit',
  changePassword: '/reset-password',
  dashboard,
  dashboardProfile: `${dashboard}/${dashboardPages.profile}`,
  dashboardCreateEvent: `${dashboard}/${dashboardPages.createEvent}`,
  dashboardEvents: `${dashboard}/${dashboardPages.events}`,
  dashboardMembers: `${dashboard}/${dashboardPages.members}`,
  // An organization's API tokens and webhooks.
  dashboardDevelopers: `${dashboard}/${dashboardPages.developers}`,
  // The API's public reference: its OpenAPI document, served by the API's host.
  apiReference: '/openapi.json',
  // Where an invitation to join an organization lands (?t= the token);
  // opening it changes nothing, its button joins.
  join: '/join',
  // Edits an event: handed over in navigation state, or loaded by ?id= (a
  // reload, a bookmark).
  dashboardEventUpdate: (id?: string) => `${dashboard}/${dashboardPages.eventUpdate}${id ? `?id=${encodeURIComponent(id)}` : ''}`,
  // An event's attendee list and its door check-in; the event is ?id=.
  dashboardAttendees: (id?: string) => `${dashboard}/${dashboardPages.attendees}${id ? `?id=${encodeURIComponent(id)}` : ''}`,
  dashboardCheckIn: (id?: string) => `${dashboard}/${dashboardPages.checkIn}${id ? `?id=${encodeURIComponent(id)}` : ''}`,
} as const;
