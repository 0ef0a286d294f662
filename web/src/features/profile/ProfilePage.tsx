import { PageLoading } from '@/components/PageLoading';
import { OrganizationProfile } from './components/OrganizationProfile';
import { RegisteredEvents } from './components/RegisteredEvents';
import { UserProfile } from './components/UserProfile';
import { useAccount } from './hooks';

export default function ProfilePage() {
  const account = useAccount();

  if (account.status === 'loading') return <PageLoading label="Loading profile..." />;

  return (
    <div className="page">
      <div className="mx-auto w-full max-w-3xl">
        {/* A failed load is only logged (spec §8): the page stays empty. */}
        {account.status === 'error' && <h1 className="sr-only">Profile</h1>}
        {account.status === 'organizer' && <OrganizationProfile organization={account.organization} />}
        {account.status === 'user' && (
          <>
            <UserProfile profile={account.profile} />
            <RegisteredEvents userId={account.profile.id} />
          </>
        )}
      </div>
    </div>
  );
}
