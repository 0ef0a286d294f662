import { Suspense, useEffect, useRef, type RefObject } from 'react';
import { Outlet, useLocation } from 'react-router';
import { TopBar } from '@/components/TopBar';
import { PageLoading } from '@/components/PageLoading';

// How long a new page may take to show its heading before focus goes to
// the main region instead.
const HEADING_WAIT_MS = 3000;

// Every screen: the sticky top bar, then the route's page (loaded on
// demand, since routes are split).
export function Layout() {
  const main = useRef<HTMLElement>(null);
  useFocusPageOnNavigation(main);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <TopBar />
      <main id="main" ref={main} tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
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
