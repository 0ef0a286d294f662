import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from '@/app/router';
import { useToastsWanted } from '@/lib/toasts';

const AppToaster = lazy(() => import('./AppToaster'));

// Mounted when something may toast (src/lib/toasts.ts).
function ToastHost() {
  return useToastsWanted() ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
      <ToastHost />
    </BrowserRouter>
  );
}
