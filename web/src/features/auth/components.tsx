// Building blocks the auth screens share.
import type { InputHTMLAttributes, ReactNode } from 'react';
import { errorIdOf, FormFrame } from '@/components/FormField';

export function AuthCard({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className="page">
      <div className={`card mx-auto w-full ${wide ? 'max-w-2xl' : 'max-w-md'}`}>
        <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {children}
      </div>
    </div>
  );
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  label: string;
  invalid?: boolean;
  errorId?: string | undefined;
  // The server's messages about this field, shown under it.
  errors?: string[] | undefined;
};

// A labelled input; `invalid` marks it for the eye and for screen readers,
// who are pointed at the form's message (`errorId`): auth forms show their
// problems once, not under each field.
export function Field({ id, label, invalid = false, errorId, errors, className = '', ...input }: FieldProps) {
  const described = errorId ?? (errors?.length ? errorIdOf(id) : undefined);
  return (
    <FormFrame id={id} label={label} required={input.required} errors={errors} className={className}>
      <input
        id={id}
        className={`field-input ${invalid ? 'ring-2 ring-red-600' : ''} ${input.type === 'file' ? 'text-sm file:me-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1' : ''}`}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? described : undefined}
        {...input}
      />
    </FormFrame>
  );
}

// The form's submit button, disabled and marked busy while it sends.
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn-primary w-full" disabled={busy} aria-busy={busy}>
      {children}
    </button>
  );
}

// A client-side check that failed, read out as soon as it shows.
export function FormError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {children}
    </p>
  );
}
