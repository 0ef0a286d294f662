// The roles of an organization's members as the dashboard names them, in
// the language shown: message ids, translated where they are shown.
import type { MessageId } from '@/i18n/ids';
import type { Role } from '@/types/api';

// A role's name: "Owner", "Manager", "Check-in".
export const ROLE_NAME: Record<Role, MessageId> = {
  owner: 'dashboard.role.owner',
  manager: 'dashboard.role.manager',
  checkin: 'dashboard.role.checkin',
};

// A role and what it does, as one sentence under the invitation form.
export const ROLE_HELP: Record<Role, MessageId> = {
  owner: 'dashboard.roleHelp.owner',
  manager: 'dashboard.roleHelp.manager',
  checkin: 'dashboard.roleHelp.checkin',
};
