import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/documentTitle';
import type { MessageId } from '@/i18n/ids';
import { useT } from '@/i18n/react';

type Outcome = 'confirmed' | 'invalid' | 'taken';

const TEXT: Record<Outcome, { title: MessageId; body: MessageId }> = {
  confirmed: { title: 'profile.emailConfirmedTitle', body: 'profile.emailConfirmedText' },
  invalid: { title: 'profile.confirmLinkInvalidTitle', body: 'profile.confirmLinkInvalidText' },
  taken: { title: 'profile.emailTakenTitle', body: 'profile.emailTakenText' },
};

// Where the link that confirms a new email address lands (the API decides
// the outcome and redirects here).
export default function EmailConfirmPage({ outcome }: { outcome: Outcome }) {
  const t = useT();
  const navigate = useNavigate();
  const title = t(TEXT[outcome].title);
  useDocumentTitle(title);
  return (
    <div className="page">
      <div className="card mx-auto w-full max-w-md">
        <h1 className="mb-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="text-slate-700">{t(TEXT[outcome].body)}</p>
        <button type="button" className="btn-primary mt-6 w-full" onClick={() => void navigate(paths.profile)}>
          {t('profile.goToProfile')}
        </button>
      </div>
    </div>
  );
}
