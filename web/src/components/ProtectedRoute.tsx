import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { session } from '@/lib/storage';

// The guard checks only that an access token is stored (spec §6); the
// server enforces everything else.
export function ProtectedRoute() {
  return session.access() ? <Outlet /> : <Navigate to={paths.login} replace />;
}
