// Tells the page that embeds the widget its height and title whenever the
// content's size changes (a narrower iframe wraps more lines). Sent to any
// origin: the widget does not know its host's, and neither is a secret.
import { sizeMessage } from './message';

export function reportSize(window: Window): void {
  if (window.parent === window) return; // opened on its own, not embedded
  const root = window.document.documentElement;
  const send = () => window.parent.postMessage(sizeMessage(root.getBoundingClientRect().height, window.document.title), '*');
  new ResizeObserver(send).observe(root);
}
