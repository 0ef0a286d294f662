import { useLocation } from 'react-router';
import { FormInput } from '@/components/FormField';
import type { Profile } from '@/types/api';
import { updateProfile } from './api';
import { EditCard, EditedAccountData, EditFormActions } from './components/EditCard';
import { useEditForm } from './useEditForm';
import { profileFromState } from './navigationState';
import { useDocumentTitle } from '@/lib/documentTitle';
import { ImageChoice } from './components/ImageChoice';

type ProfileFields = Pick<Profile, 'first_name' | 'last_name' | 'email' | 'phone' | 'address'>;

// API fields (and those of the image upload) → the form field that shows them.
const FIELD_OF: Record<string, string> = {
  first_name: 'first_name',
  last_name: 'last_name',
  email: 'email',
  phone: 'phone',
  address: 'address',
  image: 'image',
  image_key: 'image',
  content_type: 'image',
  size: 'image',
  current_password: 'current_password',
};

export default function ProfileEditPage() {
  useDocumentTitle('Edit Profile');
  return (
    <EditedAccountData
      handed={profileFromState(useLocation().state)}
      pick={(account) => (account.status === 'user' || account.status === 'organizer' ? account.profile : null)}
      missing="No Profile Data Found"
    >
      {(profile) => <ProfileEditForm profile={profile} />}
    </EditedAccountData>
  );
}

function ProfileEditForm({ profile }: { profile: Profile }) {
  const { bind, bindImage, chosenImage, bindCurrentPassword, emailChanged, saving, errors, submit } = useEditForm<ProfileFields>({
    idPrefix: 'profile',
    initial: {
      first_name: profile.first_name ?? '',
      last_name: profile.last_name ?? '',
      email: profile.email ?? '',
      phone: profile.phone ?? '',
      address: profile.address ?? '',
    },
    image: { kind: 'avatar', keyField: 'image_key', field: 'image' },
    fieldOf: FIELD_OF,
    save: updateProfile,
    successMessage: 'Profile updated successfully!',
  });

  return (
    <EditCard title="Edit Profile">
      <form onSubmit={(e) => void submit(e)} aria-label="Edit profile" className="grid gap-4 sm:grid-cols-2">
        <FormInput label="First Name" autoComplete="given-name" {...bind('first_name')} />
        <FormInput label="Last Name" autoComplete="family-name" {...bind('last_name')} />
        <FormInput label="Email" type="email" autoComplete="email" {...bind('email')} />
        {emailChanged && <FormInput label="Current password" {...bindCurrentPassword()} />}
        <FormInput label="Phone" type="tel" maxLength={11} autoComplete="tel" {...bind('phone')} />
        <FormInput label="Address" autoComplete="street-address" frameClassName="sm:col-span-2" {...bind('address')} />
        <ImageChoice current={profile.image_url ?? null} chosen={chosenImage} label="Avatar" />
        <FormInput label="Profile Image (optional)" frameClassName="sm:col-span-2" {...bindImage()} />
        <EditFormActions problems={errors.others} saving={saving}>
          Update Profile
        </EditFormActions>
      </form>
    </EditCard>
  );
}
