import { afterEach, describe, expect, it } from 'vitest';
import { embed, followSizes, mountWidgets, widgetAddress } from './loader';
import { sizeMessage } from './message';

const TURNOUT = 'https://turnout.example';

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.lang = 'en';
});

// The page that embeds the widget, as a host writes it.
function hostPage(html: string, lang = 'en') {
  document.documentElement.lang = lang;
  document.body.innerHTML = html;
}

// A message to the host page, as the iframe's page would send it.
function post(from: Window | null, data: unknown, origin = TURNOUT) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: from }));
}

describe("the widget's loader", () => {
  it("puts an iframe of the widget's page in place of each marked element, in the host page's language", () => {
    hostPage(
      '<div data-turnout-organization="01JORG1"><a href="https://turnout.example/organizations/01JORG1">Our events</a></div>' +
        '<div lang="ar"><div data-turnout-organization="01JORG2"></div></div><p>Other content</p>',
      'de-DE',
    );
    const frames = mountWidgets(document, TURNOUT, ['en-US']);

    expect(frames.map((f) => f.src)).toEqual([widgetAddress(TURNOUT, '01JORG1', 'de'), widgetAddress(TURNOUT, '01JORG2', 'ar')]);
    expect(frames[0]!.src).toBe('https://turnout.example/embed.html?organization=01JORG1&lang=de');
    expect(document.querySelectorAll('iframe')).toHaveLength(2);
    expect(document.querySelector('a'), 'the fallback link is replaced').toBeNull();
    expect(frames[0]!.title).toBe('Turnout');
    expect(frames[0]!.style.height).toBe('0px');
    expect(frames[0]!.style.width).toBe('100%');
    // A second copy of the script leaves them be.
    expect(mountWidgets(document, TURNOUT, ['en-US'])).toEqual([]);
    expect(document.querySelectorAll('iframe')).toHaveLength(2);
  });

  it("falls back on the browser's languages when the host page states none Turnout speaks", () => {
    hostPage('<div data-turnout-organization="01JORG1"></div>', 'nl');
    expect(mountWidgets(document, TURNOUT, ['nl-NL', 'fr-FR'])[0]!.src).toBe(widgetAddress(TURNOUT, '01JORG1', 'fr'));
    document.body.innerHTML = '<div data-turnout-organization="01JORG2"></div>';
    document.documentElement.removeAttribute('lang');
    expect(mountWidgets(document, TURNOUT, ['sv-SE'])[0]!.src).toBe(widgetAddress(TURNOUT, '01JORG2', 'en'));
  });

  it("sizes and names only the frame whose own page, on Turnout's origin, asks", () => {
    hostPage('<div data-turnout-organization="01JORG1"></div><div data-turnout-organization="01JORG2"></div>');
    const [first, second] = mountWidgets(document, TURNOUT, []);
    followSizes(window, TURNOUT, [first!, second!]);

    post(first!.contentWindow, sizeMessage(412, 'Upcoming events of Stargazers'));
    expect(first!.style.height).toBe('412px');
    expect(first!.title).toBe('Upcoming events of Stargazers');
    expect(second!.style.height).toBe('0px');

    // Another origin, another window, or another shape of message moves nothing.
    post(second!.contentWindow, sizeMessage(900, 'Evil'), 'https://evil.example');
    post(window, sizeMessage(900, 'Evil'));
    post(second!.contentWindow, { height: 900 });
    expect([first!.style.height, second!.style.height]).toEqual(['412px', '0px']);
    expect(second!.title).toBe('Turnout');
  });

  it("embeds, when it runs in the page's head, the widgets marked once the page is parsed", () => {
    hostPage('<div data-turnout-organization="01JORG1"></div>');
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    try {
      embed(window, `${TURNOUT}/embed.js`);
    } finally {
      Reflect.deleteProperty(document, 'readyState');
    }
    expect(document.readyState).toBe('complete');
    document.body.insertAdjacentHTML('beforeend', '<div data-turnout-organization="01JORG2"></div>');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect([...document.querySelectorAll('iframe')].map((f) => f.src)).toEqual([
      widgetAddress(TURNOUT, '01JORG1', 'en'),
      widgetAddress(TURNOUT, '01JORG2', 'en'),
    ]);
  });

  it('embeds from the origin of its own script, and follows the sizes of what it embedded', () => {
    hostPage('<div data-turnout-organization="01JORG1"></div>');
    embed(window, `${TURNOUT}/embed.js`);
    const frame = document.querySelector('iframe')!;
    expect(frame.src).toBe(widgetAddress(TURNOUT, '01JORG1', 'en'));
    post(frame.contentWindow, sizeMessage(300, 'Turnout'));
    expect(frame.style.height).toBe('300px');
  });
});
