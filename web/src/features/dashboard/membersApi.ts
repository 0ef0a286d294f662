// Calls of the members panel: the organization's members, their roles and
// invitations.
import { inOrganization } from '@/api/account';
import { api } from '@/lib/http';
import type { Invitation, Member, Role, Team } from '@/types/api';

export async function getTeam(organizationId: string): Promise<Team> {
  return (await api.get<Team>('/organization/members/', inOrganization(organizationId))).data;
}

export async function inviteMember(organizationId: string, email: string, role: Role): Promise<Invitation> {
  return (await api.post<Invitation>('/organization/members/', { email, role }, inOrganization(organizationId))).data;
}

export async function setMemberRole(organizationId: string, userId: string, role: Role): Promise<Member> {
  return (await api.patch<Member>(`/organization/members/${encodeURIComponent(userId)}/`, { role }, inOrganization(organizationId))).data;
}

export async function removeMember(organizationId: string, userId: string): Promise<void> {
  await api.delete(`/organization/members/${encodeURIComponent(userId)}/`, inOrganization(organizationId));
}

export async function withdrawInvitation(organizationId: string, id: string): Promise<void> {
  await api.delete(`/organization/members/invitations/${encodeURIComponent(id)}/`, inOrganization(organizationId));
}
