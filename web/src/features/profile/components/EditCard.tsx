import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

export function EditCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page">
      <div className="card mx-auto w-full max-w-2xl">
        <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {children}
      </div>
    </div>
  );
}

// Shown when an edit page is opened without the data it edits (a reload,
// a typed-in URL).
export function NoDataFound({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <div className="page">
      <div className="card mx-auto w-full max-w-md text-center">
        <h1 className="text-xl font-semibold text-slate-900">{message}</h1>
        <button type="button" className="btn-primary mt-6" onClick={() => void navigate(paths.profile)}>
          Back to Profile
        </button>
      </div>
    </div>
  );
}
