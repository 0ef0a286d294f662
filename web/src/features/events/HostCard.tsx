import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { TurnoutEvent } from '@/types/api';

// Who hosts the event, leading to their page. The event's answer carries
// the organization's name but not its logo (that would cost the event page
// a second read), so the name's initial stands in for it.
export function HostCard({ organization }: { organization: TurnoutEvent['organization'] }) {
  const initial = Array.from(organization.name.trim())[0]?.toUpperCase() ?? '';
  return (
    // A row whose far end is free for actions on the host.
    <div className="flex min-w-0 items-center gap-3">
      <span
        aria-hidden="true"
        className="grid size-11 shrink-0 place-items-center rounded-full bg-indigo-50 text-lg font-semibold text-indigo-800 ring-1 ring-indigo-100"
      >
        {initial}
      </span>
      <p className="min-w-0 flex-1">
        <span className="type-meta block">Hosted by</span>
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
