import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { Profile } from '@/types/api';
import type { ProfileEditState } from '../navigationState';
import { DetailList, emailDetail } from './DetailList';
import { ProfileImage } from './ProfileImage';
import { localDate } from '@/lib/time';
import { useLocale, useT } from '@/i18n/react';

export function UserProfile({ profile }: { profile: Profile }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const fullName = [profile.first_name, profile.last_name].filter((part) => part && part.trim()).join(' ');
  const editState: ProfileEditState = { profile };

  return (
    <section aria-labelledby="profile-username" className="card">
      <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-start">
        <ProfileImage src={profile.image_url} alt={t('profile.userAvatarAlt', { username: profile.username })} />
        <div className="min-w-0">
          <h1 id="profile-username" className="text-2xl font-bold tracking-tight text-slate-900">
            {profile.username}
          </h1>
          {profile.joined && <p className="text-sm text-slate-600">{t('profile.joined', { date: localDate(profile.joined, locale) })}</p>}
        </div>
      </div>
      <div className="mt-6">
        <DetailList
          omitEmpty
          details={[
            { label: t('profile.fullName'), value: fullName },
            emailDetail(t, profile.email, profile.pending_email),
            { label: t('profile.phone'), value: profile.phone },
            { label: t('profile.address'), value: profile.address },
          ]}
        />
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" className="btn-primary" onClick={() => void navigate(paths.profileEdit, { state: editState })}>
          {t('profile.editProfileButton')}
        </button>
        <button type="button" className="btn-secondary" onClick={() => void navigate(paths.changePassword)}>
          {t('profile.changePassword')}
        </button>
      </div>
    </section>
  );
}
