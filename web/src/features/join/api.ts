// Calls of joining an organization by an invitation's link.
import { api, publicApi } from '@/lib/http';
import type { Invitation, Member, TeamOrganization } from '@/types/api';

export type InvitationPreview = Invitation & { organization: TeamOrganization };

// What an invitation's link asks, without changing anything.
export async function previewInvitation(token: string): Promise<InvitationPreview> {
  return (await publicApi.post<InvitationPreview>('/organization/invitation/', { token })).data;
}

export type Joined = Member & { organization: TeamOrganization };

export async function joinOrganization(token: string): Promise<Joined> {
  return (await api.post<Joined>('/organization/join/', { token })).data;
}
