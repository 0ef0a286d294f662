import { useEffect, useRef } from 'react';
import { useT } from '@/i18n/react';
import { CopyField } from './CopyField';

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
  useEffect(() => heading.current?.focus(), []);

  return (
    <section aria-labelledby={`${id}-title`} data-testid={id} className="grid gap-2 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-300">
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="font-semibold break-words text-slate-900">
        {title}
      </h3>
      <p className="text-sm font-medium text-amber-900">{t('developers.secret.once')}</p>
      {note && <p className="text-sm text-slate-800">{note}</p>}
      <CopyField id={`${id}-value`} label={label} value={secret} />
      <div>
        <button type="button" className="btn-secondary" onClick={onDone}>
          {t('developers.secret.done')}
        </button>
      </div>
    </section>
  );
}
