import { useLocation, useNavigate } from 'react-router';
import { FormInput, FormProblems, FormTextarea } from '@/components/FormField';
import { paths } from '@/config/paths';
import type { Organization } from '@/types/api';
import { updateOrganization } from './api';
import { EditCard, NoDataFound } from './components/EditCard';
import { useEditForm } from './useEditForm';
import { organizationFromState } from './navigationState';

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
};

export default function OrganizationEditPage() {
  const organization = organizationFromState(useLocation().state);
  if (!organization) return <NoDataFound message="No Organization Data Found" />;
  return <OrganizationEditForm organization={organization} />;
}

function OrganizationEditForm({ organization }: { organization: Organization }) {
  const navigate = useNavigate();
  const { bind, setImage: setLogo, saving, errors, submit } = useEditForm<OrganizationFields>({
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
    image: { kind: 'logo', keyField: 'logo_key' },
    fieldOf: FIELD_OF,
    save: updateOrganization,
    successMessage: 'Organization updated successfully!',
  });

  return (
    <EditCard title="Edit Organization">
      <form onSubmit={(e) => void submit(e)} aria-label="Edit organization" className="grid gap-4 sm:grid-cols-2">
        <p className="text-sm text-slate-600 sm:col-span-2">
          Fields marked{' '}
          <span aria-hidden="true" className="font-semibold text-red-700">
            *
          </span>
          <span className="sr-only">as required</span> are required.
        </p>
        <FormInput label="Organization Name" required autoComplete="organization" frameClassName="sm:col-span-2" {...bind('organization')} />
        <FormInput label="Address Line 1" autoComplete="address-line1" {...bind('address1')} />
        <FormInput label="Address Line 2" autoComplete="address-line2" {...bind('address2')} />
        <FormInput label="Phone" type="tel" maxLength={11} autoComplete="tel" {...bind('phone')} />
        <FormInput label="Email" type="email" required autoComplete="email" {...bind('email')} />
        <FormInput label="Website" inputMode="url" autoComplete="url" frameClassName="sm:col-span-2" {...bind('link')} />
        <FormTextarea label="Description" rows={4} frameClassName="sm:col-span-2" {...bind('description')} />
        <FormInput
          id="organization-logo"
          name="logo"
          type="file"
          accept="image/*"
          label="Logo (optional)"
          frameClassName="sm:col-span-2"
          errors={errors.fields.logo}
          onChange={(e) => setLogo(e.target.files?.[0] ?? null)}
        />
        <div className="sm:col-span-2">
          <FormProblems messages={errors.others} />
        </div>
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={saving} aria-busy={saving}>
            Update Organization
          </button>
          <button type="button" className="btn-secondary" onClick={() => void navigate(paths.profile)}>
            Cancel
          </button>
        </div>
      </form>
    </EditCard>
  );
}
