// What the widget's page tells the page that embeds it, whenever its
// content changes height: the height, so the loader sizes the iframe to it
// (no scrollbar inside), and its title, so the iframe is named in the
// widget's language.
const TYPE = 'turnout-widget:size';

export interface SizeMessage {
  type: typeof TYPE;
  height: number;
  title: string;
}

export function sizeMessage(height: number, title: string): SizeMessage {
  return { type: TYPE, height: Math.ceil(height), title };
}

// data as a size message, or null for anything else a page may be sent.
export function readSizeMessage(data: unknown): SizeMessage | null {
  if (!data || typeof data !== 'object') return null;
  const { type, height, title } = data as Partial<SizeMessage>;
  if (type !== TYPE || typeof height !== 'number' || !Number.isFinite(height) || height < 0 || typeof title !== 'string') return null;
  return { type, height: Math.ceil(height), title };
}
