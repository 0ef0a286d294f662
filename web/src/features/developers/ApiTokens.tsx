import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { confirmToast } from '@/components/confirmToast';
import { paths } from '@/config/paths';
import { localDate, localTime } from '@/lib/time';
import { useAction } from '@/lib/useAction';
import { t as translate } from '@/i18n/i18n';
import { T, useLocale, useT } from '@/i18n/react';
import { revokeApiToken, type ApiToken, type NewApiToken } from './api';
import { useApiTokens } from './hooks';
import { NewTokenForm } from './NewTokenForm';
import { QueryStatus } from './QueryStatus';
import { SecretReveal } from './SecretReveal';
import { yesNo } from './words';

// The organization's API tokens: the list, a new one (its secret shown
// this once) and revoking one.
export function ApiTokens({ organizationId }: { organizationId: string }) {
  const t = useT();
  const tokens = useApiTokens(organizationId);
  const [creating, setCreating] = useState(false);
  const [revealed, setRevealed] = useState<{ name: string; secret: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = tokens.query.status === 'ready' ? tokens.query.data : null;

  function created({ secret, ...token }: NewApiToken) {
    // The list keeps the token without its secret, as the server lists it.
    tokens.add(token);
    setRevealed({ name: token.name, secret });
    setCreating(false);
  }

  return (
    <section aria-labelledby="api-tokens-title" className="grid gap-4">
      <h2 id="api-tokens-title" ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900">
        {t('developers.tokens.title')}
      </h2>
      {list && (
        <p className="text-sm text-slate-700">
          <T id="developers.tokens.help" values={{ limit: list.rate_limit }} components={{ 0: <code dir="ltr" className="rounded bg-slate-100 px-1 font-mono text-xs" /> }} />{' '}
          <a href={paths.apiReference} className="font-medium text-indigo-700 underline">
            {t('developers.tokens.reference')}
          </a>
        </p>
      )}
      {revealed && (
        <SecretReveal
          id="api-token-secret"
          title={t('developers.tokens.secretTitle', { name: revealed.name })}
          label={t('developers.tokens.secretLabel')}
          secret={revealed.secret}
          onDone={() => setRevealed(null)}
        />
      )}
      <QueryStatus query={tokens.query} loadingText={t('developers.tokens.loading')} what={t('developers.tokens.loadWhat')} />
      {list && (
        <TokenList
          tokens={list.tokens}
          organizationId={organizationId}
          onRevoked={(id) => {
            tokens.remove(id);
            heading.current?.focus();
          }}
        />
      )}
      {list &&
        (creating ? (
          <NewTokenForm organizationId={organizationId} onCreated={created} onCancel={() => setCreating(false)} />
        ) : (
          <div>
            <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
              {t('developers.tokens.new')}
            </button>
          </div>
        ))}
    </section>
  );
}

interface TokenListProps {
  tokens: ApiToken[];
  organizationId: string;
  onRevoked: (id: string) => void;
}

function TokenList({ tokens, organizationId, onRevoked }: TokenListProps) {
  const t = useT();
  const { busy, run } = useAction();
  if (tokens.length === 0) return <p className="text-slate-700">{t('developers.tokens.none')}</p>;

  async function revoke(token: ApiToken) {
    if (!(await confirmToast(translate('developers.tokens.confirmRevoke', { name: token.name }), yesNo()))) return;
    await run('revoke API token', translate('developers.tokens.revokeFailed'), async () => {
      await revokeApiToken(organizationId, token.id);
      onRevoked(token.id);
      toast.success(translate('developers.tokens.revoked'));
    });
  }

  return (
    <ul className="grid gap-2" aria-label={t('developers.tokens.listLabel')}>
      {tokens.map((token) => (
        <li key={token.id} className="card flex flex-wrap items-start justify-between gap-3 py-4">
          <TokenFacts token={token} />
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => void revoke(token)}>
            {t('developers.tokens.revoke')}
          </button>
        </li>
      ))}
    </ul>
  );
}

// A token's name, scopes, who made it and when, and its use.
function TokenFacts({ token }: { token: ApiToken }) {
  const t = useT();
  const locale = useLocale();
  // The moment the token was first shown: an expiry is told as it was then.
  const [shownAt] = useState(Date.now);
  const expired = token.expires_at !== null && new Date(token.expires_at).getTime() < shownAt;
  return (
    <div className="grid min-w-0 gap-1">
      <p className="font-medium break-words text-slate-900">
        {token.name}{' '}
        <code dir="ltr" className="text-xs font-normal text-slate-600">
          {token.prefix}…
        </code>
      </p>
      <ul className="flex flex-wrap gap-1" aria-label={t('developers.tokens.scopes')}>
        {token.scopes.map((scope) => (
          <li key={scope}>
            <code dir="ltr" className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800">
              {scope}
            </code>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
        <p>{t('developers.tokens.createdBy', { username: token.created_by.username, date: localDate(token.created_at, locale) })}</p>
        <p className={expired ? 'font-medium text-red-800' : undefined}>
          {token.expires_at === null
            ? t('developers.tokens.neverExpires')
            : t(expired ? 'developers.tokens.expired' : 'developers.tokens.expires', { date: localDate(token.expires_at, locale) })}
        </p>
        <p>{token.last_used_at === null ? t('developers.tokens.neverUsed') : t('developers.tokens.lastUsed', { time: localTime(token.last_used_at, locale) })}</p>
      </div>
    </div>
  );
}
