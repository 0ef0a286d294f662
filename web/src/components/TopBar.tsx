// The sticky bar on every screen. It is part of the first load, so it makes
// no request and links no HTTP client: the account menu, which shows the
// signed-in account and logs out, is its own chunk, loaded only for a
// logged-in visitor.
import { lazy, Suspense } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { session } from '@/lib/storage';
import { useLoggedIn } from '@/lib/useLoggedIn';
import { useT } from '@/i18n/react';
import { withWords } from '@/i18n/withWords';

const AccountMenu = lazy(withWords([], () => import('./AccountMenu')));

export function TopBar() {
  const t = useT();
  const navigate = useNavigate();
  const loggedIn = useLoggedIn();
  // Organizers' way to their dashboard, known from storage without a
  // request (the organization id is kept there for organizers only).
  const organizer = loggedIn && session.organizationId() !== null;

  const navLink = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-2 py-1 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-700 sm:px-3 ${
      isActive ? 'text-indigo-700' : 'text-slate-700'
    }`;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 w-full max-w-5xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <Link
          to={paths.home}
          className="rounded-md text-lg font-extrabold tracking-tight text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-700"
        >
          Turnout
        </Link>
        <nav aria-label={t('common.nav.main')} className="flex items-center gap-1 sm:gap-2">
          <NavLink to={paths.home} end className={navLink}>
            {t('common.nav.home')}
          </NavLink>
          <NavLink to={paths.events} className={navLink}>
            {t('common.nav.events')}
          </NavLink>
          {organizer && (
            <NavLink to={paths.dashboard} className={navLink}>
              {t('common.nav.dashboard')}
            </NavLink>
          )}
        </nav>
        <div className="ms-auto">
          {loggedIn ? (
            <Suspense fallback={<span aria-hidden="true" className="block h-10 w-10 rounded-full bg-slate-200" />}>
              <AccountMenu />
            </Suspense>
          ) : (
            <button type="button" className="btn-primary" onClick={() => void navigate(paths.login)}>
              {t('common.nav.login')}
            </button>
          )}
        </div>
      </div>
    </header>
  );
}

