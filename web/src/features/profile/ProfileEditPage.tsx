import { useLocation } from 'react-router';
import { FormInput } from '@/components/FormField';
import type { Profile } from '@/types/api';
import { updateProfile } from './api';
import { EditCard, EditedAccountData, EditFormActions } from './components/EditCard';
import { useEditForm } from './useEditForm';
import { profileFromState } from './navigationState';
import { useDocumentTitle } from '@/lib/documentTitle';
import { ImageChoice } from './components/ImageChoice';
import { useT } from '@/i18n/react';

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
  const t = useT();
  useDocumentTitle(t('profile.editProfileTitle'));
  return (
    <EditedAccountData
      handed={profileFromState(useLocation().state)}
      pick={(account) => (account.status === 'user' || account.status === 'organizer' ? account.profile : null)}
      missing={t('profile.noProfileData')}
    >
      {(profile) => <ProfileEditForm profile={profile} />}
    </EditedAccountData>
  );
}

function ProfileEditForm({ profile }: { profile: Profile }) {
  const t = useT();
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
    successMessage: t('profile.profileUpdated'),
  });

  return (
    <EditCard title={t('profile.editProfileTitle')}>
      <form onSubmit={(e) => void submit(e)} aria-label={t('profile.editProfileForm')} className="grid gap-4 sm:grid-cols-2">
        <FormInput label={t('profile.firstName')} autoComplete="given-name" {...bind('first_name')} />
        <FormInput label={t('profile.lastName')} autoComplete="family-name" {...bind('last_name')} />
        <FormInput label={t('profile.email')} type="email" autoComplete="email" {...bind('email')} />
        {emailChanged && <FormInput label={t('profile.currentPassword')} {...bindCurrentPassword()} />}
        <FormInput label={t('profile.phone')} type="tel" maxLength={11} autoComplete="tel" {...bind('phone')} />
        <FormInput label={t('profile.address')} autoComplete="street-address" frameClassName="sm:col-span-2" {...bind('address')} />
        <ImageChoice current={profile.image_url ?? null} chosen={chosenImage} kind="avatar" />
        <FormInput label={t('profile.profileImageOptional')} frameClassName="sm:col-span-2" {...bindImage()} />
        <EditFormActions problems={errors.others} saving={saving}>
          {t('profile.updateProfile')}
        </EditFormActions>
      </form>
    </EditCard>
  );
}
