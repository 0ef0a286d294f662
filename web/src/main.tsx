import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { startLanguage } from '@/i18n/i18n';
import { prefetchEventList } from '@/api/useEvents';
import { paths } from '@/config/paths';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
// The first screen's words come before it does, in the visitor's language;
// the list the home and events pages open with is asked for meanwhile, not
// after them.
if (window.location.pathname === paths.home || window.location.pathname === paths.events) void prefetchEventList();
await startLanguage();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
