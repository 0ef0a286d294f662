// Every route of the app, built in one place.
export const paths = {
  home: '/',
  events: '/events',
  // The event travels in navigation state; the id in the query makes the
  // URL shareable.
  eventDetail: (id?: string) => (id ? `/event/detail?id=${encodeURIComponent(id)}` : '/event/detail'),
  register: '/register',
  login: '/login',
  forgotPassword: '/forget/password',
  resetPassword: '/forget/password/create',
  activated: '/activate-account',
  activationInvalid: '/activate-account/invalid',
  // Where the link confirming a new email address lands.
  emailConfirmed: '/confirm-email',
  emailInvalid: '/confirm-email/invalid',
  emailTaken: '/confirm-email/taken',
  profile: '/profile',
  profileEdit: '/profile/edit',
  organizationEdit: '/organization_info/edit',
  changePassword: '/reset-password',
  dashboard: '/dashboard',
  dashboardProfile: '/dashboard/profile',
  dashboardCreateEvent: '/dashboard/create-event',
  dashboardEvents: '/dashboard/events',
  dashboardEventUpdate: '/dashboard/event-update',
} as const;
