import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { Profile } from '@/types/api';
import type { ProfileEditState } from '../navigationState';
import { DetailList, emailDetail } from './DetailList';
import { ProfileImage } from './ProfileImage';
import { localDate } from '@/lib/time';


export function UserProfile({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const fullName = [profile.first_name, profile.last_name].filter((part) => part && part.trim()).join(' ');
  const editState: ProfileEditState = { profile };

  return (
    <section aria-labelledby="profile-username" className="card">
      <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
        <ProfileImage src={profile.image_url} alt={`${profile.username}'s avatar`} />
        <div className="min-w-0">
          <h1 id="profile-username" className="text-2xl font-bold tracking-tight text-slate-900">
            {profile.username}
          </h1>
          {profile.joined && <p className="text-sm text-slate-600">Joined {localDate(profile.joined)}</p>}
        </div>
      </div>
      <div className="mt-6">
        <DetailList
          omitEmpty
          details={[
            { label: 'Full Name', value: fullName },
            emailDetail(profile.email, profile.pending_email),
            { label: 'Phone', value: profile.phone },
            { label: 'Address', value: profile.address },
          ]}
        />
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" className="btn-primary" onClick={() => void navigate(paths.profileEdit, { state: editState })}>
          Edit Profile
        </button>
        <button type="button" className="btn-secondary" onClick={() => void navigate(paths.changePassword)}>
          Change Password
        </button>
      </div>
    </section>
  );
}
