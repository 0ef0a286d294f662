import type { Schemas } from '@/types/api';
import { localTime } from '@/lib/time';
import { useLocale, useT } from '@/i18n/react';

type Editor = Schemas['Editor'];

interface Edits {
  created_by?: Editor | null;
  changed_by?: Editor | null;
  changed_at?: string | null;
}

// Who made something of the organization (an event, its profile) and who
// last changed it, when; what is older than their keeping says nothing.
export function Editors({ of }: { of: Edits }) {
  const t = useT();
  const locale = useLocale();
  const made = of.created_by;
  const changed = of.changed_by;
  if (!made && !changed) return null;
  return (
    <p className="mb-4 text-sm text-slate-600">
      {made && t('dashboard.editors.madeBy', { username: made.username })}
      {made && changed && ' '}
      {changed && of.changed_at && t('dashboard.editors.changedBy', { username: changed.username, date: localTime(of.changed_at, locale) })}
    </p>
  );
}
