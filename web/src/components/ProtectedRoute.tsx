import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useNextPage, withNextPage } from '@/lib/nextPage';
import { useStillLoggedIn } from '@/lib/useLoggedIn';
import { session } from '@/lib/storage';

// The guard checks only that an access token is stored; the server
// enforces everything else. It re-checks when another tab ends the
// session while a page is open, and the login it sends to leads back here.
export function ProtectedRoute() {
  const { pathname, search } = useLocation();
  return useStillLoggedIn() ? <Outlet /> : <Navigate to={withNextPage(paths.login, pathname + search)} replace />;
}

// The log-in and sign-up pages are for visitors: a signed-in person who
// opens one (a bookmark, the back button) goes on to the page they were
// headed to, else their profile.
export function GuestOnlyRoute() {
  const next = useNextPage();
  return session.access() ? <Navigate to={next ?? paths.profile} replace /> : <Outlet />;
}
