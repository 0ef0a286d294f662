import type { ReactNode } from 'react';
import { errorIdOf } from '@/components/FormField';
import { useT } from '@/i18n/react';
import type { Choice } from './words';

interface CheckboxFieldsetProps {
  id: string;
  legend: string;
  errors?: string[] | undefined;
  className?: string;
  children: ReactNode;
}

// A group of checkboxes under its legend, with the server's messages for
// it below, as FormField shows them for one control.
export function CheckboxFieldset({ id, legend, errors, className = '', children }: CheckboxFieldsetProps) {
  const invalid = !!errors && errors.length > 0;
  return (
    <fieldset id={id} className={className} aria-describedby={invalid ? errorIdOf(id) : undefined}>
      <legend className="field-label">{legend}</legend>
      {children}
      {invalid && (
        <ul id={errorIdOf(id)} className="mt-1 text-sm text-red-700">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

interface ChoiceListProps<V extends string> {
  idPrefix: string;
  choices: Choice<V>[];
  checked: V[];
  onChange: (checked: V[]) => void;
}

// Checkboxes named by the API's own word for each choice (what a developer
// writes and reads), each explained in a line.
export function ChoiceList<V extends string>({ idPrefix, choices, checked, onChange }: ChoiceListProps<V>) {
  const t = useT();
  return (
    <div className="mt-2 grid gap-3">
      {choices.map(({ value, help }) => {
        const id = `${idPrefix}-${value.replace(/[^a-z]/g, '-')}`;
        return (
          <div key={value} className="flex items-start gap-3">
            <input
              id={id}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-indigo-700"
              checked={checked.includes(value)}
              aria-describedby={`${id}-help`}
              onChange={(e) => onChange(e.target.checked ? [...checked, value] : checked.filter((v) => v !== value))}
            />
            <div className="min-w-0">
              <label htmlFor={id} className="font-mono text-sm font-semibold text-slate-900" dir="ltr">
                {value}
              </label>
              <p id={`${id}-help`} className="text-sm text-slate-600">
                {t(help)}
              </p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
