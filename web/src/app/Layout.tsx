import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { TopBar } from '@/components/TopBar';
import { PageLoading } from '@/components/PageLoading';

// Every screen: the sticky top bar, then the route's page (loaded on
// demand, since routes are split).
export function Layout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <TopBar />
      <main id="main" className="flex-1">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
