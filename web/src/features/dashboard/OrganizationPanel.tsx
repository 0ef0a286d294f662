import { LoadFailed } from '@/components/ListStatus';
import { Editors } from './components/Editors';
import { OrganizationDetails } from './components/OrganizationDetails';
import { useOrganization } from './hooks';
import { useDocumentTitle } from '@/lib/documentTitle';

export default function OrganizationPanel() {
  useDocumentTitle('Organization · Dashboard');
  const state = useOrganization();
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
          <OrganizationDetails organization={state.organization} />
        </>
      )}
    </section>
  );
}
