import { Suspense, useEffect, useRef, type RefObject } from 'react';
import { Outlet, useLocation } from 'react-router';
import { TopBar } from '@/components/TopBar';
import { PageLoading } from '@/components/PageLoading';
import { LanguagePicker } from '@/components/LanguagePicker';
import { useT } from '@/i18n/react';

// How long a new page may take to show its heading before focus goes to
// the main region instead.
const HEADING_WAIT_MS = 3000;

// Every screen: the sticky top bar, the route's page (loaded on demand,
// since routes are split), and the footer with the language picker.
export function Layout() {
  const t = useT();
  const main = useRef<HTMLElement>(null);
  useFocusPageOnNavigation(main);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t('common.skipToContent')}
      </a>
      <TopBar />
      <main id="main" ref={main} tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
          <p className="text-sm text-slate-600">{t('common.footerTagline')}</p>
          <LanguagePicker />
        </div>
      </footer>
    </div>
  );
}

// After a navigation, focus goes to the new page's heading (which screen
// readers then read), as a full page load would start at the top; not on
// the first load, and not when the page has already put focus inside it.
function useFocusPageOnNavigation(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const root = main.current;
    if (first.current || !root) {
      first.current = false;
      return;
    }
    const focusHeading = (): boolean => {
      if (root.contains(document.activeElement) && document.activeElement !== root) return true;
      const heading = root.querySelector('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
      return true;
    };
    if (focusHeading()) return;
    // The page is still loading (routes are split): wait for its heading.
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    const giveUp = setTimeout(() => {
      observer.disconnect();
      if (!root.contains(document.activeElement)) root.focus();
    }, HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [pathname, main]);
}
