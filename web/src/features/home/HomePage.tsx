import { type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/documentTitle';
import UpcomingEvents from './UpcomingEvents';
import type { MessageId } from '@/i18n/ids';
import { useT } from '@/i18n/react';

// The first screen most visitors see, with the app's own code: its list
// reads through fetch (src/lib/publicGet.ts), so it loads no HTTP library.

// Each card says what the product does today (the home page has four).
const benefits: { title: MessageId; text: MessageId; icon: ReactNode }[] = [
  {
    title: 'common.home.varietyTitle',
    text: 'common.home.varietyText',
    icon: <path d="M4 6h16M4 12h16M4 18h10" />,
  },
  {
    title: 'common.home.registrationTitle',
    text: 'common.home.registrationText',
    icon: <path d="M5 12l4 4L19 6" />,
  },
  {
    title: 'common.home.verifiedTitle',
    text: 'common.home.verifiedText',
    icon: <path d="M12 3l7 3v6c0 4-3 7.5-7 9-4-1.5-7-5-7-9V6l7-3z" />,
  },
  {
    title: 'common.home.remindersTitle',
    text: 'common.home.remindersText',
    icon: <path d="M6 16V11a6 6 0 1112 0v5l2 2H4l2-2zM10 20a2 2 0 004 0" />,
  },
];

export default function HomePage() {
  const t = useT();
  const navigate = useNavigate();
  useDocumentTitle('');
  return (
    <>
      <section className="bg-gradient-to-b from-indigo-50 to-slate-50">
        <div className="page py-6 text-center sm:py-16">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{t('common.home.heading')}</h1>
          <p className="mx-auto mt-3 max-w-2xl text-base text-slate-700 sm:mt-4 sm:text-lg">
            {t('common.home.intro')}
          </p>
          <form
            role="search"
            className="mx-auto mt-5 flex max-w-xl gap-2 sm:mt-8"
            onSubmit={(e) => {
              e.preventDefault();
              const q = new FormData(e.currentTarget).get('q')?.toString().trim();
              void navigate(q ? `${paths.events}?${new URLSearchParams({ q }).toString()}` : paths.events);
            }}
          >
            <label htmlFor="home-search" className="sr-only">
              {t('common.home.searchLabel')}
            </label>
            <input id="home-search" name="q" type="search" maxLength={100} className="field-input mt-0 min-w-0 flex-1 py-3" placeholder={t('common.home.searchPlaceholder')} />
            <button type="submit" className="btn-secondary shrink-0 px-5 py-3">
              {t('common.home.search')}
            </button>
          </form>
          <button type="button" className="btn-primary mt-3 px-6 py-3 text-base sm:mt-4" onClick={() => void navigate(paths.events)}>
            {t('common.home.browse')}
          </button>
        </div>
      </section>
      <section aria-labelledby="upcoming-heading" className="page pt-5 pb-0 sm:pt-8">
        <h2 id="upcoming-heading" className="mb-4 text-xl font-bold tracking-tight text-slate-900 sm:mb-6 sm:text-2xl">
          {t('common.home.upcoming')}
        </h2>
        {/* Holds the cards' height while they load, so the page does not shift. */}
        <div className="min-h-[28rem]">
          <UpcomingEvents />
        </div>
      </section>
      <section aria-labelledby="benefits-heading" className="page">
        <h2 id="benefits-heading" className="sr-only">
          {t('common.home.why')}
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {benefits.map((benefit) => (
            <li key={benefit.title} className="card">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="mb-4 h-10 w-10 rounded-lg bg-indigo-100 p-2 text-indigo-700"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                {benefit.icon}
              </svg>
              <h3 className="text-lg font-semibold text-slate-900">{t(benefit.title)}</h3>
              <p className="mt-2 text-sm text-slate-700">{t(benefit.text)}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
