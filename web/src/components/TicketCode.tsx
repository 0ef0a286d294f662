import { useEffect, useState } from 'react';
import { T, useT } from '@/i18n/react';

// The ticket's QR code, drawn by the qrcode library, which is loaded only
// when a ticket is shown (it is not part of the first page load).
export function TicketCode({ code, title }: { code: string; title: string }) {
  const t = useT();
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((drawn) => live && setSvg(drawn))
      .catch((error: unknown) => {
        console.error('draw ticket', error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [code]);

  return (
    // On phones the event page's action bar is fixed at the bottom: a
    // ticket scrolled into view stops above it, as the page's own bottom
    // padding does.
    <figure className="mt-3 rounded-lg border border-slate-200 bg-white p-3 text-center max-lg:scroll-mb-36">
      {svg ? (
        // The library's own SVG of the code: markup it builds, no user text.
        <div role="img" aria-label={t('shared.ticket.qrLabel', { title })} className="mx-auto w-40" dangerouslySetInnerHTML={{ __html: svg }} />
      ) : (
        <div className="mx-auto grid size-40 place-items-center text-sm text-slate-600">{failed ? t('shared.ticket.qrFailed') : t('shared.ticket.drawing')}</div>
      )}
      <figcaption className="mt-2 text-xs text-slate-600">
        <T id={'shared.ticket.showAtDoor'} values={{ code }} components={{ 0: <span dir="ltr" className="font-mono break-all" /> }} />
      </figcaption>
    </figure>
  );
}
