// React's view of the language: components read messages through these
// hooks and re-render when the language changes. They read the one i18n
// instance directly, so no provider has to wrap the app (or each test).
import { useMemo, useSyncExternalStore, type ReactElement } from 'react';
import { TransNoContext } from '@lingui/react/server';
import { i18n, isolated, message } from './i18n';
import type { MessageId } from './ids';

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const currentLocale = () => i18n.locale;

// The language shown (a BCP 47 tag), for Intl formatting.
export function useLocale(): string {
  return useSyncExternalStore(subscribe, currentLocale);
}

export type Translate = (id: MessageId, values?: Record<string, unknown>) => string;

// The message function of the language shown.
export function useT(): Translate {
  const locale = useLocale();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function per language re-renders its users
  return useMemo<Translate>(() => (id, values) => message(id, values), [locale]);
}

// A message with elements inside it: components fill its <0>…</0> tags.
export function T({ id, values, components }: { id: MessageId; values?: Record<string, unknown>; components?: Record<string, ReactElement> }) {
  useLocale();
  return <TransNoContext id={id} values={isolated(values)} components={components} lingui={{ i18n }} />;
}
