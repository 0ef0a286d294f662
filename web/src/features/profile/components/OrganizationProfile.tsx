import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { Organization } from '@/types/api';
import type { OrganizationEditState } from '../navigationState';
import { DetailList, emailDetail, WebsiteLink } from './DetailList';
import { ProfileImage } from './ProfileImage';

// pendingEmail is the organizer's email change waiting for confirmation
// (the organization's email is their login email).
export function OrganizationProfile({ organization, pendingEmail }: { organization: Organization; pendingEmail: string | null | undefined }) {
  const navigate = useNavigate();
  const name = organization.organization.trim() || 'N/A';
  const editState: OrganizationEditState = { organization };

  return (
    <section aria-labelledby="organization-name" className="card">
      <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
        <ProfileImage src={organization.logo_url} alt={`${name} logo`} />
        <div className="min-w-0">
          <h1 id="organization-name" className="text-2xl font-bold tracking-tight text-slate-900">
            {name}
          </h1>
          <p className="text-sm text-slate-600">Organization</p>
        </div>
      </div>
      <div className="mt-6">
        <DetailList
          details={[
            { label: 'Username', value: organization.organizer?.username },
            emailDetail(organization.email, pendingEmail),
            { label: 'Phone', value: organization.phone },
            { label: 'Address Line 1', value: organization.address1 },
            { label: 'Address Line 2', value: organization.address2 },
            { label: 'Website', value: organization.link, render: (link) => <WebsiteLink href={link} /> },
            { label: 'Description', value: organization.description },
          ]}
        />
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" className="btn-primary" onClick={() => void navigate(paths.organizationEdit, { state: editState })}>
          Edit Profile
        </button>
        <button type="button" className="btn-secondary" onClick={() => void navigate(paths.dashboard)}>
          Event
        </button>
        <button type="button" className="btn-secondary" onClick={() => void navigate(paths.changePassword)}>
          Change Password
        </button>
      </div>
    </section>
  );
}
