import { ListStatus } from '@/components/ListStatus';
import { serverMessages, statusOf } from '@/lib/errors';
import type { Snapshot } from '@/lib/query';

// What a list shows while it loads or after it failed. A refusal (403:
// the account's role changed meanwhile) is told in the server's words,
// which say why; trying again would not help.
export function QueryStatus({ query, loadingText, what }: { query: Snapshot<unknown> & { retry: () => void }; loadingText: string; what: string }) {
  const refusal = query.status === 'error' && statusOf(query.error) === 403 ? serverMessages(query.error)[0] : undefined;
  if (refusal) {
    return (
      <p role="alert" className="rounded-lg bg-slate-50 p-4 text-slate-800 ring-1 ring-slate-200">
        {refusal}
      </p>
    );
  }
  return <ListStatus status={query.status} retry={query.retry} loadingText={loadingText} what={what} />;
}
