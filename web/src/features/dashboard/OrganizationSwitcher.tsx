import { useNavigate } from 'react-router';
import { ACCOUNT_KEY } from '@/api/useAccount';
import { paths } from '@/config/paths';
import { invalidateQuery } from '@/lib/query';
import { session } from '@/lib/storage';
import { roleLabel, type Membership } from '@/lib/roles';

// For a person in several organizations: which one the dashboard shows.
export function OrganizationSwitcher({ current, memberships }: { current: Membership; memberships: Membership[] }) {
  const navigate = useNavigate();
  function switchTo(id: string) {
    session.setOrganizationId(id);
    // The account's screens read the stored id again.
    invalidateQuery(ACCOUNT_KEY);
    void navigate(paths.dashboardEvents);
  }
  return (
    <div className="mb-3">
      <label htmlFor="dashboard-organization" className="field-label">
        Organization
      </label>
      <select id="dashboard-organization" className="field-input mt-1" value={current.id} onChange={(e) => switchTo(e.target.value)}>
        {memberships.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name || 'Your organization'} ({roleLabel(m.role)})
          </option>
        ))}
      </select>
    </div>
  );
}
