// Labelled form controls with an optional required marker and the server's
// messages for the field shown right under it.
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { T } from '@/i18n/react';

interface FrameProps {
  id: string;
  label: string;
  required?: boolean | undefined;
  errors?: string[] | undefined;
  className?: string | undefined;
  children: ReactNode;
}

export const errorIdOf = (id: string) => `${id}-error`;

function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-sm font-semibold text-red-700">
      *
    </span>
  );
}

// Explains the mark beside required fields, for forms that have some.
export function RequiredFieldsNote({ className = '' }: { className?: string }) {
  return (
    <p className={`text-sm text-slate-600 ${className}`}>
      <T id={'shared.form.requiredNote'} components={{ 0: <RequiredMark />, 1: <span className="sr-only" /> }} />
    </p>
  );
}

// The marker sits beside the label, not inside it, so the label text (and
// so the control's name) stays exactly the field's name; screen readers
// learn "required" from the control itself.
export function FormFrame({ id, label, required, errors, className = '', children }: FrameProps) {
  return (
    <div className={className}>
      <div className="flex items-baseline gap-1">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        {required && <RequiredMark />}
      </div>
      {children}
      {errors && errors.length > 0 && (
        <ul id={errorIdOf(id)} className="mt-1 text-sm text-red-700">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

// The control's state, its errors read with what else describes it (a
// help line the caller names).
function invalidProps(id: string, errors: string[] | undefined, describedBy: string | undefined) {
  const invalid = !!errors && errors.length > 0;
  return {
    'aria-invalid': invalid || undefined,
    'aria-describedby': [invalid ? errorIdOf(id) : undefined, describedBy].filter(Boolean).join(' ') || undefined,
  };
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  label: string;
  errors?: string[] | undefined;
  frameClassName?: string;
};

export function FormInput({ id, label, errors, frameClassName, className = '', ...input }: InputProps) {
  const fileStyle =
    input.type === 'file'
      ? 'text-sm file:me-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:font-medium'
      : '';
  return (
    <FormFrame id={id} label={label} required={input.required} errors={errors} className={frameClassName}>
      <input
        id={id}
        className={`field-input ${fileStyle} ${errors?.length ? 'ring-2 ring-red-600' : ''} ${className}`}
        {...input}
        {...invalidProps(id, errors, input['aria-describedby'])}
      />
    </FormFrame>
  );
}

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  id: string;
  label: string;
  errors?: string[] | undefined;
  frameClassName?: string;
};

export function FormTextarea({ id, label, errors, frameClassName, className = '', ...textarea }: TextareaProps) {
  return (
    <FormFrame id={id} label={label} required={textarea.required} errors={errors} className={frameClassName}>
      <textarea
        id={id}
        className={`field-input ${errors?.length ? 'ring-2 ring-red-600' : ''} ${className}`}
        {...textarea}
        {...invalidProps(id, errors, textarea['aria-describedby'])}
      />
    </FormFrame>
  );
}

// Messages that belong to no field on the form, read out when they appear;
// `id` lets fields point at them.
export function FormProblems({ id, messages }: { id?: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div id={id} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      <ul className="list-inside list-disc">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
