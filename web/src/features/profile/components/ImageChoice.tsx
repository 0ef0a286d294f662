import { useEffect, useState } from 'react';
import { useT } from '@/i18n/react';
import { ProfileImage } from './ProfileImage';

// The image an edit form would keep: the chosen file once one is picked,
// else the current one, so the person sees what they are replacing. kind
// names it (a person's avatar, an organization's logo).
export function ImageChoice({ current, chosen, kind }: { current: string | null; chosen: File | null; kind: 'avatar' | 'logo' }) {
  const t = useT();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!chosen) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the preview is an object URL, made and revoked here
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(chosen);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [chosen]);
  return (
    <div className="flex items-center gap-4 sm:col-span-2">
      <ProfileImage src={preview ?? current} alt={preview ? t('profile.imageNewAlt', { kind }) : t('profile.imageCurrentAlt', { kind })} />
      <p className="text-sm text-slate-600">{preview ? t('profile.imageNewNote', { kind }) : t('profile.imageCurrentNote', { kind })}</p>
    </div>
  );
}
