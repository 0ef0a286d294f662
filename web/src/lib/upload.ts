// Uploads an image straight to S3 with a presigned POST from the API, and
// returns the key to send as image_key, logo_key or banner_key.
import axios from 'axios';
import { api } from '@/lib/http';
import type { Schemas } from '@/types/api';

export type ImageKind = Schemas['MediaKind'];

export async function uploadImage(kind: ImageKind, file: File): Promise<string> {
  const { data } = await api.post<Schemas['Upload']>('/media/upload/', {
    kind,
    content_type: file.type,
    size: file.size,
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(data.fields)) form.append(name, value);
  form.append('file', file); // S3 wants the file last
  await axios.post(data.url, form);
  return data.key;
}
