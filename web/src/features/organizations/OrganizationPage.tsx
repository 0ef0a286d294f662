import { useParams } from 'react-router';
import { LoadFailed } from '@/components/ListStatus';
import { EventCard } from '@/components/EventCard';
import { useDocumentTitle } from '@/lib/documentTitle';
import { statusOf } from '@/lib/errors';
import { useQuery } from '@/lib/query';
import { getOrganizationPage, type OrganizationPageData } from './api';
import { FollowButton } from './FollowButton';
import { useT } from '@/i18n/react';

// An organization's public page: who they are, what they have coming up,
// and a calendar to subscribe to.
export default function OrganizationPage() {
  const t = useT();
  const id = useParams().id ?? '';
  const query = useQuery(`organization-page:${id}`, () => getOrganizationPage(id), {
    onError: (error) => console.error('load organization page', error),
  });
  useDocumentTitle(query.status === 'ready' ? query.data.name : t('organizations.documentTitle'));
  if (query.status === 'loading') {
    return (
      <p role="status" className="page text-slate-600">
        {t('organizations.loading')}
      </p>
    );
  }
  if (query.status === 'error') {
    return (
      <div className="page">
        {statusOf(query.error) === 404 ? (
          <h1 className="text-2xl font-bold text-slate-900">{t('organizations.notFound')}</h1>
        ) : (
          <LoadFailed what={t('organizations.loadFailedWhat')} retry={query.retry} />
        )}
      </div>
    );
  }
  return <Organization page={query.data} />;
}

function Organization({ page }: { page: OrganizationPageData }) {
  const t = useT();
  // The API counts up to a bound and says when there are more.
  const count = page.past_events;
  const past = page.past_events_more ? t('organizations.pastEventsMore', { count }) : t('organizations.pastEvents', { count });
  return (
    <div className="page grid gap-6">
      <header className="card flex flex-col gap-4 sm:flex-row sm:items-center">
        {page.logo_url ? (
          <img src={page.logo_url} alt={t('organizations.logoAlt', { name: page.name })} className="h-20 w-20 rounded-lg object-cover ring-1 ring-slate-200" />
        ) : (
          <div aria-hidden="true" className="flex h-20 w-20 items-center justify-center rounded-lg bg-indigo-100 text-2xl font-bold text-indigo-800">
            {page.name.slice(0, 1).toUpperCase()}
          </div>
        )}
        <div className="min-w-0 flex-1">
          <h1 tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {page.name}
          </h1>
          {page.description && <p className="mt-2 whitespace-pre-line text-slate-700">{page.description}</p>}
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
            {page.link && (
              <a href={page.link} rel="noopener noreferrer nofollow" target="_blank" className="font-medium text-indigo-700 underline">
                {t('organizations.website')}
              </a>
            )}
            <span>{past}</span>
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:items-end">
          <FollowButton id={page.id} name={page.name} count={page.followers} />
          <a href={page.webcal} className="btn-secondary">
            {t('organizations.subscribeCalendar')}
          </a>
          <a href={page.calendar_url} className="text-sm text-indigo-700 underline">
            {t('organizations.downloadIcs')}
          </a>
        </div>
      </header>
      <section aria-labelledby="upcoming-title">
        <h2 id="upcoming-title" className="mb-4 text-xl font-semibold text-slate-900">
          {t('organizations.upcomingEvents')}
        </h2>
        {page.upcoming_events.length === 0 ? (
          <p className="card text-slate-700">{t('organizations.noUpcoming')}</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {page.upcoming_events.map((event) => (
              <li key={event.id} className="min-w-0">
                <EventCard event={event} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
