import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { TurnoutEvent } from '@/types/api';
import { useT } from '@/i18n/react';

// Who hosts the event, leading to their page: their logo, or their name's
// initial when they have none. The name beside it says who it is, so the
// picture is not read out.
export function HostCard({ organization }: { organization: TurnoutEvent['organization'] }) {
  const t = useT();
  const initial = Array.from(organization.name.trim())[0]?.toUpperCase() ?? '';
  return (
    // A row whose far end is free for actions on the host.
    <div className="flex min-w-0 items-center gap-3">
      {organization.logo_url ? (
        <img src={organization.logo_url} alt="" className="size-11 shrink-0 rounded-full bg-white object-cover ring-1 ring-slate-200" />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-11 shrink-0 place-items-center rounded-full bg-indigo-50 text-lg font-semibold text-indigo-800 ring-1 ring-indigo-100"
        >
          {initial}
        </span>
      )}
      <p className="min-w-0 flex-1">
        <span className="type-meta block">{t('events.hostedBy')}</span>
        {organization.id ? (
          <Link to={paths.organization(organization.id)} className="font-semibold text-slate-900 underline decoration-slate-300 underline-offset-4 hover:decoration-indigo-700">
            {organization.name}
          </Link>
        ) : (
          <span className="font-semibold text-slate-900">{organization.name}</span>
        )}
      </p>
    </div>
  );
}
