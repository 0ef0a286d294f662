import { useLocation } from 'react-router';
import { FormInput, FormTextarea, RequiredFieldsNote } from '@/components/FormField';
import type { Organization } from '@/types/api';
import { updateOrganization } from './api';
import { EditCard, EditedAccountData, EditFormActions } from './components/EditCard';
import { useEditForm } from './useEditForm';
import { organizationFromState } from './navigationState';
import { useDocumentTitle } from '@/lib/documentTitle';
import { ImageChoice } from './components/ImageChoice';
import { useT } from '@/i18n/react';

type OrganizationFields = Pick<
  Organization,
  'organization' | 'address1' | 'address2' | 'phone' | 'link' | 'email' | 'description'
>;

// API fields (and those of the logo upload) → the form field that shows them.
const FIELD_OF: Record<string, string> = {
  organization: 'organization',
  address1: 'address1',
  address2: 'address2',
  phone: 'phone',
  link: 'link',
  email: 'email',
  description: 'description',
  logo: 'logo',
  logo_key: 'logo',
  content_type: 'logo',
  size: 'logo',
  current_password: 'current_password',
};

export default function OrganizationEditPage() {
  const t = useT();
  useDocumentTitle(t('profile.editOrganizationTitle'));
  return (
    <EditedAccountData
      handed={organizationFromState(useLocation().state)}
      pick={(account) => (account.status === 'organizer' ? account.organization : null)}
      missing={t('profile.noOrganizationData')}
    >
      {(organization) => <OrganizationEditForm organization={organization} />}
    </EditedAccountData>
  );
}

function OrganizationEditForm({ organization }: { organization: Organization }) {
  const t = useT();
  const { bind, bindImage, chosenImage, bindCurrentPassword, emailChanged, saving, errors, submit } = useEditForm<OrganizationFields>({
    idPrefix: 'organization',
    initial: {
      organization: organization.organization ?? '',
      address1: organization.address1 ?? '',
      address2: organization.address2 ?? '',
      phone: organization.phone ?? '',
      link: organization.link ?? '',
      email: organization.email ?? '',
      description: organization.description ?? '',
    },
    image: { kind: 'logo', keyField: 'logo_key', field: 'logo' },
    fieldOf: FIELD_OF,
    save: (form) => updateOrganization(organization.id, form),
    successMessage: t('profile.organizationUpdated'),
  });

  return (
    <EditCard title={t('profile.editOrganizationTitle')}>
      <form onSubmit={(e) => void submit(e)} aria-label={t('profile.editOrganizationForm')} className="grid gap-4 sm:grid-cols-2">
        <RequiredFieldsNote className="sm:col-span-2" />
        <FormInput label={t('profile.organizationName')} required autoComplete="organization" frameClassName="sm:col-span-2" {...bind('organization')} />
        <FormInput label={t('profile.addressLine1')} autoComplete="address-line1" {...bind('address1')} />
        <FormInput label={t('profile.addressLine2')} autoComplete="address-line2" {...bind('address2')} />
        <FormInput label={t('profile.phone')} type="tel" maxLength={11} autoComplete="tel" {...bind('phone')} />
        <FormInput label={t('profile.email')} type="email" required autoComplete="email" {...bind('email')} />
        {emailChanged && <FormInput label={t('profile.currentPassword')} {...bindCurrentPassword()} />}
        <FormInput label={t('profile.website')} inputMode="url" autoComplete="url" frameClassName="sm:col-span-2" {...bind('link')} />
        <FormTextarea label={t('profile.description')} rows={4} frameClassName="sm:col-span-2" {...bind('description')} />
        <ImageChoice current={organization.logo_url ?? null} chosen={chosenImage} kind="logo" />
        <FormInput label={t('profile.logoOptional')} frameClassName="sm:col-span-2" {...bindImage()} />
        <EditFormActions problems={errors.others} saving={saving}>
          {t('profile.updateOrganization')}
        </EditFormActions>
      </form>
    </EditCard>
  );
}
