import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { PageLoading } from '@/components/PageLoading';
import { paths } from '@/config/paths';
import { mayManageEvents, mayManageOrganization, type Membership } from '@/lib/roles';
import type { MessageId } from '@/i18n/ids';
import { useT } from '@/i18n/react';
import { useDashboard } from './hooks';
import { OrganizationSwitcher } from './OrganizationSwitcher';

interface Entry {
  label: MessageId;
  to: string;
  // Other pages that belong to the entry.
  alsoAt?: string[];
  // Whether the member's role does the entry's work (all do by default).
  shownTo?: (role: Membership['role']) => boolean;
}

const entries: Entry[] = [
  { label: 'dashboard.nav.organization', to: paths.dashboardProfile, alsoAt: [paths.dashboard] },
  { label: 'dashboard.nav.createEvent', to: paths.dashboardCreateEvent, shownTo: mayManageEvents },
  { label: 'dashboard.nav.events', to: paths.dashboardEvents, alsoAt: [paths.dashboardEventUpdate(), paths.dashboardAttendees(), paths.dashboardCheckIn()] },
  { label: 'dashboard.nav.members', to: paths.dashboardMembers },
  { label: 'dashboard.nav.developers', to: paths.dashboardDevelopers, shownTo: mayManageOrganization },
];

export default function DashboardLayout() {
  const t = useT();
  const { access, membership, memberships } = useDashboard();
  const pathname = useLocation().pathname.replace(/(.)\/+$/, '$1');

  if (access === 'loading') return <PageLoading label={t('dashboard.layout.loading')} />;

  if (access === 'not-organizer') {
    return (
      <div className="page">
        <div className="card mx-auto max-w-lg text-center">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('dashboard.layout.title')}</h1>
          <p className="mt-2 text-slate-700">{t('dashboard.layout.notOrganizer')}</p>
          <Link to={paths.profile} className="btn-secondary mt-6">
            {t('dashboard.layout.backToProfile')}
          </Link>
        </div>
      </div>
    );
  }

  const linkClass = (active: boolean) =>
    `block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-700 ${
      active ? 'bg-indigo-50 text-indigo-800' : 'text-slate-700 hover:bg-slate-100'
    }`;

  // A row of tabs on narrow screens, a sidebar from md up.
  return (
    <div className="page md:flex md:items-start md:gap-8">
      <nav aria-label={t('dashboard.layout.nav')} className="mb-6 md:sticky md:top-24 md:mb-0 md:w-52 md:shrink-0">
        {memberships.length > 1 && membership && <OrganizationSwitcher current={membership} memberships={memberships} />}
        <ul className="-mx-1 flex gap-1 overflow-x-auto border-b border-slate-200 px-1 pb-2 md:mx-0 md:flex-col md:overflow-visible md:border-b-0 md:px-0 md:pb-0">
          {entries
            .filter(({ shownTo }) => !shownTo || (membership && shownTo(membership.role)))
            .map(({ label, to, alsoAt = [] }) => {
            const active = pathname === to || alsoAt.includes(pathname);
            return (
              <li key={to}>
                <Link to={to} aria-current={active ? 'page' : undefined} className={linkClass(active)}>
                  {t(label)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Suspense fallback={<p role="status" className="text-slate-600">{t('dashboard.layout.loadingPage')}</p>}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
