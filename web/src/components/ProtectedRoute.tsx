import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { session } from '@/lib/storage';

// The guard checks only that an access token is stored (spec §6); the
// server enforces everything else.
export function ProtectedRoute() {
  return session.access() ? <Outlet /> : <Navigate to={paths.login} replace />;
}

// The log-in and sign-up pages are for visitors: a signed-in person who
// opens one (a bookmark, the back button) goes on to their profile.
export function GuestOnlyRoute() {
  return session.access() ? <Navigate to={paths.profile} replace /> : <Outlet />;
}
