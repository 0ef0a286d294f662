import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/documentTitle';

type Outcome = 'confirmed' | 'invalid' | 'taken';

const TEXT: Record<Outcome, { title: string; body: string }> = {
  confirmed: {
    title: 'Email Address Confirmed',
    body: 'Your account now uses this email address. Use it from now on to reset your password.',
  },
  invalid: {
    title: 'Confirmation Link Invalid',
    body: 'This confirmation link is invalid, has expired or was already used. Your email address is unchanged; you can ask for the change again from your profile.',
  },
  taken: {
    title: 'Email Address Already in Use',
    body: 'Another account already uses this email address, so your email address is unchanged.',
  },
};

// Where the link that confirms a new email address lands (the API decides
// the outcome and redirects here).
export default function EmailConfirmPage({ outcome }: { outcome: Outcome }) {
  const navigate = useNavigate();
  const { title, body } = TEXT[outcome];
  useDocumentTitle(title);
  return (
    <div className="page">
      <div className="card mx-auto w-full max-w-md">
        <h1 className="mb-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="text-slate-700">{body}</p>
        <button type="button" className="btn-primary mt-6 w-full" onClick={() => void navigate(paths.profile)}>
          Go to Profile
        </button>
      </div>
    </div>
  );
}
