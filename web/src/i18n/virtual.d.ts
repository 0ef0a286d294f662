// Made by vite/catalogs.ts: "<language>/<namespace>" → its compiled messages.
declare module 'virtual:catalogs' {
  import type { Messages } from '@lingui/core';

  export const catalogs: Record<string, (() => Promise<{ messages: Messages }>) | undefined>;
}
