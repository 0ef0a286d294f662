import { OrganizationDetails } from './components/OrganizationDetails';
import { useOrganization } from './hooks';

export default function OrganizationPanel() {
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
      {/* A failed load is only logged (spec §8). */}
      {state.status === 'ready' && <OrganizationDetails organization={state.organization} />}
    </section>
  );
}
