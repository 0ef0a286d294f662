import { useEffect, useState } from 'react';
import { ProfileImage } from './ProfileImage';

// The image an edit form would keep: the chosen file once one is picked,
// else the current one, so the person sees what they are replacing.
export function ImageChoice({ current, chosen, label }: { current: string | null; chosen: File | null; label: string }) {
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
      <ProfileImage src={preview ?? current} alt={preview ? `New ${label.toLowerCase()}` : `Current ${label.toLowerCase()}`} />
      <p className="text-sm text-slate-600">{preview ? `The new ${label.toLowerCase()}, saved when you update.` : `Your current ${label.toLowerCase()}.`}</p>
    </div>
  );
}
