import { useEffect } from 'react';

export const SITE_NAME = 'Turnout';

// Names the page in the browser tab and to screen readers on navigation:
// "Events · Turnout".
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
