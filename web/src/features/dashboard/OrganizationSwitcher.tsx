import { useNavigate } from 'react-router';
import { ACCOUNT_KEY } from '@/api/useAccount';
import { paths } from '@/config/paths';
import { invalidateQuery } from '@/lib/query';
import { session } from '@/lib/storage';
import type { Membership } from '@/lib/roles';
import { useT } from '@/i18n/react';
import { ROLE_NAME } from './roleNames';

// For a person in several organizations: which one the dashboard shows.
export function OrganizationSwitcher({ current, memberships }: { current: Membership; memberships: Membership[] }) {
  const t = useT();
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
        {t('dashboard.switcher.label')}
      </label>
      <select id="dashboard-organization" className="field-input mt-1" value={current.id} onChange={(e) => switchTo(e.target.value)}>
        {memberships.map((m) => (
          <option key={m.id} value={m.id}>
            {t('dashboard.switcher.option', { name: m.name || t('dashboard.switcher.yourOrganization'), role: t(ROLE_NAME[m.role]) })}
          </option>
        ))}
      </select>
    </div>
  );
}
