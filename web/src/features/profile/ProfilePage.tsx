import { LoadFailed } from '@/components/ListStatus';
import { PageLoading } from '@/components/PageLoading';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/documentTitle';
import { OrganizationProfile } from './components/OrganizationProfile';
import { CalendarFeed } from './components/CalendarFeed';
import { Following } from './components/Following';
import { NotificationSettings } from './components/NotificationSettings';
import { YourData } from './components/YourData';
import { DeleteAccount } from './components/DeleteAccount';
import { MailProblemNotice } from './components/MailProblemNotice';
import { RegisteredEvents } from './components/RegisteredEvents';
import { UserProfile } from './components/UserProfile';
import { LanguageSetting } from './components/LanguageSetting';
import { useProfileAccount } from './hooks';
import { useT } from '@/i18n/react';

export default function ProfilePage() {
  const t = useT();
  const account = useProfileAccount();
  useDocumentTitle(t('profile.title'));

  if (account.status === 'loading') return <PageLoading label={t('profile.loading')} />;

  return (
    <div className="page">
      <div className="mx-auto w-full max-w-3xl">
        {/* A failed load is logged, not toasted, and said here. */}
        {account.status === 'error' && (
          <div className="card">
            <h1 className="mb-4 text-2xl font-bold tracking-tight text-slate-900">{t('profile.title')}</h1>
            <LoadFailed what={t('profile.loadFailedWhat')} retry={account.retry} />
          </div>
        )}
        {account.status === 'organizer' && (
          <>
            <MailProblemNotice profile={account.profile} editPath={paths.organizationEdit} />
            <OrganizationProfile organization={account.organization} pendingEmail={account.profile.pending_email} />
            {/* Organizers register for events too, as themselves. */}
            <RegisteredEvents userId={account.profile.id} />
            <Following />
            <CalendarFeed />
            <NotificationSettings />
            <LanguageSetting />
            <YourData />
            <DeleteAccount organizer />
          </>
        )}
        {account.status === 'user' && (
          <>
            <MailProblemNotice profile={account.profile} editPath={paths.profileEdit} />
            <UserProfile profile={account.profile} />
            <RegisteredEvents userId={account.profile.id} />
            <Following />
            <CalendarFeed />
            <NotificationSettings />
            <LanguageSetting />
            <YourData />
            <DeleteAccount organizer={false} />
          </>
        )}
      </div>
    </div>
  );
}
