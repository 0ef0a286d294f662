import { LoadFailed } from '@/components/ListStatus';
import { Editors } from './components/Editors';
import { OrganizationDetails } from './components/OrganizationDetails';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { mayManageOrganization } from '@/lib/roles';
import { useDashboard, useOrganization } from './hooks';
import { useDocumentTitle } from '@/lib/documentTitle';

export default function OrganizationPanel() {
  useDocumentTitle('Organization · Dashboard');
  const state = useOrganization();
  // Owners change its profile (the edit page takes it in navigation state).
  const { membership } = useDashboard();
  const owner = membership ? mayManageOrganization(membership.role) : false;
  return (
    <section aria-labelledby="organization-panel">
      <h1 id="organization-panel" className="mb-6 text-2xl font-bold tracking-tight text-slate-900">
        Organization
      </h1>
      {state.status === 'loading' && (
        <p role="status" className="text-slate-600">
          Loading organization...
        </p>
      )}
      {/* A failed load is logged, not toasted, and said here. */}
      {state.status === 'error' && <LoadFailed what="the organization" retry={state.retry} />}
      {state.status === 'ready' && (
        <>
          <Editors of={state.organization} />
          {typeof state.organization.followers === 'number' && (
            <p className="mb-4 text-sm text-slate-600">
              {state.organization.followers === 1 ? '1 person follows' : `${state.organization.followers.toLocaleString('en-US')} people follow`} the
              organization: its new public events are mailed to them, at most once a day.
            </p>
          )}
          <OrganizationDetails organization={state.organization} />
          {owner && (
            <Link to={paths.organizationEdit} state={{ organization: state.organization }} className="btn-secondary mt-4">
              Edit organization
            </Link>
          )}
        </>
      )}
    </section>
  );
}
