import { useState } from 'react';
import { PLACEHOLDER_IMAGE } from '@/config/images';


// A round avatar or logo; the placeholder stands in when there is none or
// it fails to load.
export function ProfileImage({ src, alt }: { src: string | null; alt: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  const shown = src && src !== broken ? src : PLACEHOLDER_IMAGE;
  return (
    <img
      src={shown}
      alt={alt}
      width={96}
      height={96}
      className="h-24 w-24 shrink-0 rounded-full bg-slate-200 object-cover ring-1 ring-slate-300"
      onError={() => setBroken(src)}
    />
  );
}
