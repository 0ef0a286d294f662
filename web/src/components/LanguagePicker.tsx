// The language picker every visitor reaches (in the footer of every
// screen): each language named in itself. A signed-in person's choice is
// saved on their profile too, so their mail and other devices follow it.
import { useId } from 'react';
import { chooseLanguage } from '@/i18n/i18n';
import { languages } from '@/i18n/languages';
import { useLocale, useT } from '@/i18n/react';
import { session } from '@/lib/storage';

async function choose(tag: string): Promise<void> {
  await chooseLanguage(tag);
  if (!session.isLoggedIn()) return;
  // Its own chunk: the first load carries no HTTP client.
  const { saveLanguage } = await import('@/api/language');
  await saveLanguage(tag);
}

export function LanguagePicker() {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-700">
        {t('common.language')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(e) => void choose(e.target.value).catch((error: unknown) => console.error('choose language', error))}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-700"
      >
        {languages.map((l) => (
          <option key={l.tag} value={l.tag} lang={l.tag}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}
