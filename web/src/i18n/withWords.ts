// A page's code and its words come together: a page beyond the first
// screen loads with the message namespaces it speaks (its feature's, the
// shared components', the API's), in the language shown, and brings the
// toaster along (src/lib/toasts.ts).
import { loadNamespaces } from '@/i18n/i18n';
import type { Namespace } from '@/i18n/ids';
import { wantToasts } from '@/lib/toasts';

export function withWords<T>(namespaces: Namespace[], load: () => Promise<T>): () => Promise<T> {
  return () => {
    wantToasts();
    return Promise.all([load(), loadNamespaces('shared', 'api', ...namespaces)]).then(([module]) => module);
  };
}
