import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from '@/app/Layout';
import HomePage from '@/features/home/HomePage';
import { lazyRoute } from '@/app/lazyRoute';
import { withWords } from '@/i18n/withWords';
import { GuestOnlyRoute, ProtectedRoute } from '@/components/ProtectedRoute';
import { dashboardPages, paths } from '@/config/paths';
import { prefetchEvent, prefetchEventList } from '@/api/useEvents';

// Each page is its own chunk, loaded when its route is first visited, but
// the home page: most visits begin there, so it comes with the app's own
// code (no second round trip for it, no waterfall of its small modules),
// and so do the hooks of the public list and detail. The other pages a
// visitor lands on ask for their data as their code starts loading, not
// after it arrived and rendered: one round trip less before the first
// event shows. (The shared cache keeps the request until it settles.)
//
// The events list does not suspend either (see lazyRoute), so the list is
// not held back by React's reveal throttle; its request is out before its
// code arrives, so the page always finds it.
const EventsPage = lazyRoute(
  withWords(['events'], () => {
    void prefetchEventList();
    return import('@/features/events/EventsPage');
  }),
);
const EventDetailPage = lazy(
  withWords(['events'], () => {
    void prefetchEvent();
    return import('@/features/events/EventDetailPage');
  }),
);
const OrganizationPage = lazy(withWords(['organizations'], () => import('@/features/organizations/OrganizationPage')));
const UnsubscribePage = lazy(withWords(['profile'], () => import('@/features/profile/UnsubscribePage')));
const TicketPage = lazy(withWords(['tickets'], () => import('@/features/tickets/TicketPage')));
const ManageRegistrationPage = lazy(withWords(['rsvp'], () => import('@/features/rsvp/ManageRegistrationPage')));
const ConfirmRegistrationPage = lazy(withWords(['rsvp'], () => import('@/features/rsvp/ConfirmRegistrationPage')));
const RegisterPage = lazy(withWords(['auth'], () => import('@/features/auth/RegisterPage')));
const LoginPage = lazy(withWords(['auth'], () => import('@/features/auth/LoginPage')));
const ForgotPasswordPage = lazy(withWords(['auth'], () => import('@/features/auth/ForgotPasswordPage')));
const ResetPasswordPage = lazy(withWords(['auth'], () => import('@/features/auth/ResetPasswordPage')));
const ActivatedPage = lazy(withWords(['auth'], () => import('@/features/auth/ActivatedPage')));
const ActivationInvalidPage = lazy(withWords(['auth'], () => import('@/features/auth/ActivationInvalidPage')));
const EmailConfirmPage = lazy(withWords(['profile'], () => import('@/features/profile/EmailConfirmPage')));
const ChangePasswordPage = lazy(withWords(['auth'], () => import('@/features/auth/ChangePasswordPage')));
const ProfilePage = lazy(withWords(['profile'], () => import('@/features/profile/ProfilePage')));
const ProfileEditPage = lazy(withWords(['profile'], () => import('@/features/profile/ProfileEditPage')));
const OrganizationEditPage = lazy(withWords(['profile'], () => import('@/features/profile/OrganizationEditPage')));
const DashboardLayout = lazy(withWords(['dashboard'], () => import('@/features/dashboard/DashboardLayout')));
const OrganizationPanel = lazy(withWords(['dashboard'], () => import('@/features/dashboard/OrganizationPanel')));
const CreateEventPage = lazy(withWords(['dashboard'], () => import('@/features/dashboard/CreateEventPage')));
const EventsPanel = lazy(withWords(['dashboard'], () => import('@/features/dashboard/EventsPanel')));
const EventUpdatePage = lazy(withWords(['dashboard'], () => import('@/features/dashboard/EventUpdatePage')));
const MembersPanel = lazy(withWords(['dashboard'], () => import('@/features/dashboard/MembersPanel')));
const DevelopersPage = lazy(withWords(['developers'], () => import('@/features/developers/DevelopersPage')));
const JoinPage = lazy(withWords(['join'], () => import('@/features/join/JoinPage')));
const AttendeesPage = lazy(withWords(['attendees'], () => import('@/features/attendees/AttendeesPage')));
const CheckInPage = lazy(withWords(['attendees'], () => import('@/features/attendees/CheckInPage')));
const NotFoundPage = lazy(withWords([], () => import('@/components/NotFoundPage')));

// Declarative routes keep the first load small (the data router adds
// ~16 KB gzipped that this app does not use).
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path={paths.home} element={<HomePage />} />
        <Route path={paths.events} element={<EventsPage />} />
        <Route path={paths.eventDetail()} element={<EventDetailPage />} />
        <Route path={paths.organization()} element={<OrganizationPage />} />
        <Route path={paths.unsubscribe} element={<UnsubscribePage />} />
        <Route path={paths.ticket} element={<TicketPage />} />
        <Route path={paths.rsvp} element={<ManageRegistrationPage />} />
        <Route path={paths.rsvpConfirm} element={<ConfirmRegistrationPage />} />
        <Route path={paths.join} element={<JoinPage />} />
        <Route element={<GuestOnlyRoute />}>
          <Route path={paths.register} element={<RegisterPage />} />
          <Route path={paths.login} element={<LoginPage />} />
        </Route>
        <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
        <Route path={paths.activated} element={<ActivatedPage />} />
        <Route path={paths.activationAlready} element={<ActivatedPage already />} />
        <Route path={paths.activationInvalid} element={<ActivationInvalidPage />} />
        <Route path={paths.emailConfirmed} element={<EmailConfirmPage outcome="confirmed" />} />
        <Route path={paths.emailInvalid} element={<EmailConfirmPage outcome="invalid" />} />
        <Route path={paths.emailTaken} element={<EmailConfirmPage outcome="taken" />} />
        <Route element={<ProtectedRoute />}>
          <Route path={paths.profile} element={<ProfilePage />} />
          <Route path={paths.profileEdit} element={<ProfileEditPage />} />
          <Route path={paths.organizationEdit} element={<OrganizationEditPage />} />
          <Route path={paths.changePassword} element={<ChangePasswordPage />} />
          <Route path={paths.dashboard} element={<DashboardLayout />}>
            <Route index element={<OrganizationPanel />} />
            <Route path={dashboardPages.profile} element={<OrganizationPanel />} />
            <Route path={dashboardPages.createEvent} element={<CreateEventPage />} />
            <Route path={dashboardPages.events} element={<EventsPanel />} />
            <Route path={dashboardPages.eventUpdate} element={<EventUpdatePage />} />
            <Route path={dashboardPages.attendees} element={<AttendeesPage />} />
            <Route path={dashboardPages.checkIn} element={<CheckInPage />} />
            <Route path={dashboardPages.members} element={<MembersPanel />} />
            <Route path={dashboardPages.developers} element={<DevelopersPage />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
