import { useId } from 'react';
import toast from 'react-hot-toast';
import { saveLanguage } from '@/api/language';
import { chooseLanguage, t as translate } from '@/i18n/i18n';
import { languages } from '@/i18n/languages';
import { useLocale, useT } from '@/i18n/react';

// Shows the app in the chosen language at once, then keeps the choice on
// the account, so mail and the person's other devices follow it. A failed
// save is said in the language just chosen.
async function choose(tag: string): Promise<void> {
  await chooseLanguage(tag);
  try {
    await saveLanguage(tag);
  } catch (error) {
    console.error('save language', error);
    toast.error(translate('profile.languageSaveFailed'));
  }
}

// The language the person reads Turnout in, each named in itself.
export function LanguageSetting() {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="card mt-6">
      <h2 id={`${id}-title`} className="mb-1 text-xl font-semibold text-slate-900">
        {t('profile.languageTitle')}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t('profile.languageText')}</p>
      <label htmlFor={id} className="field-label">
        {t('profile.languageLabel')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(e) => void choose(e.target.value).catch((error: unknown) => console.error('choose language', error))}
        className="field-input mt-1 max-w-xs"
      >
        {languages.map((l) => (
          <option key={l.tag} value={l.tag} lang={l.tag}>
            {l.name}
          </option>
        ))}
      </select>
    </section>
  );
}
