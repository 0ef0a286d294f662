import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSizeMessage, sizeMessage } from './message';
import { reportSize } from './size';

describe("the widget's size message", () => {
  it('carries a whole height in pixels and the title, and reads back as sent', () => {
    expect(sizeMessage(312.2, 'Upcoming events of Stargazers')).toEqual({ type: 'turnout-widget:size', height: 313, title: 'Upcoming events of Stargazers' });
    expect(readSizeMessage(sizeMessage(480, 'x'))).toEqual(sizeMessage(480, 'x'));
  });

  it('reads nothing else a page may be sent as a size', () => {
    const good = sizeMessage(100, 'x');
    for (const data of [null, 'turnout-widget:size', 100, {}, { ...good, type: 'other' }, { ...good, height: '100' }, { ...good, height: -1 },
      { ...good, height: Number.NaN }, { ...good, height: Infinity }, { ...good, title: 3 }]) {
      expect(readSizeMessage(data), JSON.stringify(data)).toBeNull();
    }
  });
});

describe("the widget's page", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  // A window whose parent is another: the widget's page in its iframe.
  function framedWindow() {
    const parent = { postMessage: vi.fn() };
    return { parent, framed: { parent, document } as unknown as Window };
  }

  it('tells its parent its height and title each time its content changes size', () => {
    let changed = () => {};
    const observed: Element[] = [];
    vi.stubGlobal('ResizeObserver', class {
      constructor(callback: () => void) {
        changed = callback;
      }
      observe(target: Element) {
        observed.push(target);
      }
    });
    let height = 240.5;
    vi.spyOn(document.documentElement, 'getBoundingClientRect').mockImplementation(() => ({ height }) as DOMRect);
    document.title = 'Kommende Veranstaltungen von Stargazers';
    const { parent, framed } = framedWindow();

    reportSize(framed);
    expect(observed).toEqual([document.documentElement]);
    changed();
    height = 512;
    changed();
    expect(parent.postMessage.mock.calls).toEqual([
      [sizeMessage(241, 'Kommende Veranstaltungen von Stargazers'), '*'],
      [sizeMessage(512, 'Kommende Veranstaltungen von Stargazers'), '*'],
    ]);
  });

  it('tells nobody when opened on its own', () => {
    const observe = vi.fn();
    vi.stubGlobal('ResizeObserver', class { observe = observe; });
    reportSize(window);
    expect(observe).not.toHaveBeenCalled();
  });
});
