import { LoadFailed } from '@/components/ListStatus';
import { Editors } from './components/Editors';
import { OrganizationDetails } from './components/OrganizationDetails';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { mayManageOrganization } from '@/lib/roles';
import { useDashboard, useOrganization } from './hooks';
import { useDocumentTitle } from '@/lib/documentTitle';
import { useT } from '@/i18n/react';

export default function OrganizationPanel() {
  const t = useT();
  useDocumentTitle(t('dashboard.organization.documentTitle'));
  const state = useOrganization();
  // Owners change its profile (the edit page takes it in navigation state).
  const { membership } = useDashboard();
  const owner = membership ? mayManageOrganization(membership.role) : false;
  return (
    <section aria-labelledby="organization-panel">
      <h1 id="organization-panel" className="mb-6 text-2xl font-bold tracking-tight text-slate-900">
        {t('dashboard.organization.title')}
      </h1>
      {state.status === 'loading' && (
        <p role="status" className="text-slate-600">
          {t('dashboard.organization.loading')}
        </p>
      )}
      {/* A failed load is logged, not toasted, and said here. */}
      {state.status === 'error' && <LoadFailed what={t('dashboard.organization.loadWhat')} retry={state.retry} />}
      {state.status === 'ready' && (
        <>
          <Editors of={state.organization} />
          {typeof state.organization.followers === 'number' && (
            <p className="mb-4 text-sm text-slate-600">{t('dashboard.organization.followers', { count: state.organization.followers })}</p>
          )}
          <OrganizationDetails organization={state.organization} />
          {owner && (
            <Link to={paths.organizationEdit} state={{ organization: state.organization }} className="btn-secondary mt-4">
              {t('dashboard.organization.edit')}
            </Link>
          )}
        </>
      )}
    </section>
  );
}
