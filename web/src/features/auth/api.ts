// Calls of the auth feature: sign-up, login, activation and passwords.
import { api, publicApi } from '@/lib/http';
import type { Detail, JSONBody, Tokens } from '@/types/api';

// Multipart forms; the caller leaves out empty values.
export async function registerUser(form: FormData): Promise<Detail> {
  return (await publicApi.post<Detail>('/user/registration/', form)).data;
}

export async function registerOrganization(form: FormData): Promise<Detail> {
  return (await publicApi.post<Detail>('/organization/register/', form)).data;
}

export async function login(credentials: JSONBody<'login'>): Promise<Tokens> {
  return (await publicApi.post<Tokens>('/user/login/', credentials)).data;
}

// next, the page the sign-up was on its way to, rides in the new link.
export async function resendActivation(email: string, next: string | null): Promise<Detail> {
  return (await publicApi.post<Detail>('/user/activation/resend/', next ? { email, next } : { email })).data;
}

export async function requestPasswordReset(email: string): Promise<Detail> {
  return (await publicApi.post<Detail>('/user/reset-password/request/', { email })).data;
}

export async function confirmPasswordReset(uid: string, token: string, password: string): Promise<Detail> {
  const path = `/user/reset-password/confirm/${encodeURIComponent(uid)}/${encodeURIComponent(token)}/`;
  return (await publicApi.post<Detail>(path, { password })).data;
}

// The server ends every other session and answers with fresh tokens.
export async function changePassword(body: JSONBody<'changePassword'>): Promise<Detail & Tokens> {
  return (await api.put<Detail & Tokens>('/user/change-password/', body)).data;
}
