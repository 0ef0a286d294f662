// The signed-in person's language, saved on their profile (their mail is
// written in it).
import { api } from '@/lib/http';

export async function saveLanguage(language: string): Promise<void> {
  await api.put('/user/language/', { language });
}
