import { useState, type FocusEvent } from 'react';
import { useT } from '@/i18n/react';

interface CopyFieldProps {
  // The field's id; its label points at it.
  id: string;
  label: string;
  value: string;
  // Several lines (a snippet of HTML): a text area that wraps them.
  multiline?: boolean;
}

// A read-only value to copy (a secret, a snippet): its label, the value
// (selected whole when focused), a Copy button and a line telling how the
// copying went.
export function CopyField({ id, label, value, multiline = false }: CopyFieldProps) {
  const t = useT();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copyValue() {
    try {
      await navigator.clipboard.writeText(value);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }

  const select = (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => e.target.select();
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="flex flex-wrap items-start gap-2">
        {multiline ? (
          <textarea
            id={id}
            readOnly
            dir="ltr"
            value={value}
            onFocus={select}
            rows={value.split('\n').length}
            spellCheck={false}
            className="field-input mt-0 min-w-0 flex-1 basis-64 resize-y font-mono text-xs break-all field-sizing-content"
          />
        ) : (
          <input id={id} readOnly dir="ltr" value={value} onFocus={select} className="field-input mt-0 min-w-0 flex-1 basis-48 font-mono text-xs" />
        )}
        <button type="button" className="btn-primary" onClick={() => void copyValue()}>
          {t('developers.copy.button')}
        </button>
      </div>
      <p role="status" className="min-h-5 text-sm text-slate-700">
        {copy === 'copied' && t('developers.copy.copied')}
        {copy === 'failed' && t('developers.copy.failed')}
      </p>
    </div>
  );
}
