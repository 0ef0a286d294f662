// The script host pages include (embed.js, built by vite.widget.config.ts;
// docs/widget.md): each element marked data-turnout-organization gets an
// iframe of the widget's page on Turnout's own origin, in the host page's
// language, sized to the height that page reports.
import { statedLanguage, widgetLanguage } from './language';
import { readSizeMessage } from './message';

const ORGANIZATION_ATTRIBUTE = 'data-turnout-organization';
// Set on a marked element once its iframe is in: another copy of the
// script on the same page leaves it be.
const MOUNTED_ATTRIBUTE = 'data-turnout-mounted';
const WIDGET_PAGE = '/embed.html';

export function widgetAddress(origin: string, organization: string, language: string): string {
  const url = new URL(WIDGET_PAGE, origin);
  url.search = new URLSearchParams({ organization, lang: language }).toString();
  return url.href;
}

// Puts the widget's iframe in place of each marked element's content (a
// link for browsers without scripts, say); returns the iframes made.
export function mountWidgets(document: Document, origin: string, browserLanguages: readonly string[]): HTMLIFrameElement[] {
  const hosts = [...document.querySelectorAll(`[${ORGANIZATION_ATTRIBUTE}]:not([${MOUNTED_ATTRIBUTE}])`)];
  return hosts.map((host) => {
    const frame = document.createElement('iframe');
    const language = widgetLanguage(statedLanguage(host), browserLanguages);
    frame.src = widgetAddress(origin, host.getAttribute(ORGANIZATION_ATTRIBUTE) ?? '', language);
    // Until the page names itself in its language.
    frame.title = 'Turnout';
    // No height until the page tells its own.
    frame.style.cssText = 'display:block;width:100%;height:0;border:0;overflow:hidden';
    host.setAttribute(MOUNTED_ATTRIBUTE, '');
    host.replaceChildren(frame);
    return frame;
  });
}

// Sizes and names each of frames as its own page asks: only a message from
// Turnout's origin, sent by that frame's window, moves that frame.
export function followSizes(window: Window, origin: string, frames: readonly HTMLIFrameElement[]): void {
  window.addEventListener('message', (event) => {
    if (event.origin !== origin) return;
    // (A frame taken out of the page has no window, as a message may have no source.)
    const frame = frames.find((f) => f.contentWindow !== null && f.contentWindow === event.source);
    const size = readSizeMessage(event.data);
    if (!frame || !size) return;
    frame.style.height = `${size.height}px`;
    frame.title = size.title;
  });
}

// Embeds the widgets of window's page from the Turnout origin scriptSrc is
// on: those marked now, and, when the script runs before the page is
// parsed (in its head), those marked once it is.
export function embed(window: Window, scriptSrc: string): void {
  const origin = new URL(scriptSrc).origin;
  const frames: HTMLIFrameElement[] = [];
  const mount = () => frames.push(...mountWidgets(window.document, origin, window.navigator.languages));
  followSizes(window, origin, frames);
  mount();
  if (window.document.readyState === 'loading') window.document.addEventListener('DOMContentLoaded', mount);
}
