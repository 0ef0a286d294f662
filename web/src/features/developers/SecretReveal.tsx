import { useEffect, useRef, useState } from 'react';
import { useT } from '@/i18n/react';

interface SecretRevealProps {
  // Names the box's elements; also its data-testid.
  id: string;
  title: string;
  label: string;
  secret: string;
  // What else the reader should know (until when the previous one works).
  note?: string | undefined;
  onDone: () => void;
}

// A secret the server shows this once (a token, a signing secret): to copy
// now, then put away with Done. Focus moves to it, so it is read out.
export function SecretReveal({ id, title, label, secret, note, onDone }: SecretRevealProps) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => heading.current?.focus(), []);

  async function copySecret() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} data-testid={id} className="grid gap-2 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-300">
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="font-semibold break-words text-slate-900">
        {title}
      </h3>
      <p className="text-sm font-medium text-amber-900">{t('developers.secret.once')}</p>
      {note && <p className="text-sm text-slate-800">{note}</p>}
      <label htmlFor={`${id}-value`} className="field-label">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={`${id}-value`}
          readOnly
          dir="ltr"
          value={secret}
          className="field-input mt-0 min-w-0 flex-1 basis-48 font-mono text-xs"
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="btn-primary" onClick={() => void copySecret()}>
          {t('developers.secret.copy')}
        </button>
      </div>
      <p role="status" className="min-h-5 text-sm text-slate-700">
        {copy === 'copied' && t('developers.secret.copied')}
        {copy === 'failed' && t('developers.secret.copyFailed')}
      </p>
      <div>
        <button type="button" className="btn-secondary" onClick={onDone}>
          {t('developers.secret.done')}
        </button>
      </div>
    </section>
  );
}
