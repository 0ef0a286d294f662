import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { Organization } from '@/types/api';
import type { OrganizationEditState } from '../navigationState';
import { DetailList, emailDetail, WebsiteLink } from './DetailList';
import { ProfileImage } from './ProfileImage';
import { useT } from '@/i18n/react';

// pendingEmail is the organizer's email change waiting for confirmation
// (the organization's email is their login email).
export function OrganizationProfile({ organization, pendingEmail }: { organization: Organization; pendingEmail: string | null | undefined }) {
  const t = useT();
  const navigate = useNavigate();
  const name = organization.organization.trim() || t('profile.notAvailable');
  const editState: OrganizationEditState = { organization };

  return (
    <section aria-labelledby="organization-name" className="card">
      <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-start">
        <ProfileImage src={organization.logo_url} alt={t('profile.organizationLogoAlt', { name })} />
        <div className="min-w-0">
          <h1 id="organization-name" className="text-2xl font-bold tracking-tight text-slate-900">
            {name}
          </h1>
          <p className="text-sm text-slate-600">{t('profile.organization')}</p>
        </div>
      </div>
      <div className="mt-6">
        <DetailList
          details={[
            { label: t('profile.username'), value: organization.organizer?.username },
            emailDetail(t, organization.email, pendingEmail),
            { label: t('profile.phone'), value: organization.phone },
            { label: t('profile.addressLine1'), value: organization.address1 },
            { label: t('profile.addressLine2'), value: organization.address2 },
            { label: t('profile.website'), value: organization.link, render: (link) => <WebsiteLink href={link} /> },
            { label: t('profile.description'), value: organization.description },
          ]}
        />
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" className="btn-primary" onClick={() => void navigate(paths.organizationEdit, { state: editState })}>
          {t('profile.editProfileButton')}
        </button>
        <button type="button" className="btn-secondary" onClick={() => void navigate(paths.dashboard)}>
          {t('profile.eventButton')}
        </button>
        <button type="button" className="btn-secondary" onClick={() => void navigate(paths.changePassword)}>
          {t('profile.changePassword')}
        </button>
      </div>
    </section>
  );
}
