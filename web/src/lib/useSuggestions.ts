import { useEffect, useState } from 'react';

// Suggestions for what a person is typing in a field (from two letters, a
// quarter second after they pause); typing: whether they have typed in it
// (a filled-in value is not a question). suggest is called with the trimmed
// text and must be stable (a module function).
export function useSuggestions<T>(text: string, typing: boolean, suggest: (prefix: string) => Promise<T[]>): T[] {
  const [found, setFound] = useState<T[]>([]);
  const wanted = text.trim();
  const asking = typing && wanted.length >= 2;
  useEffect(() => {
    if (!asking) return;
    let current = true;
    const timer = setTimeout(() => {
      suggest(wanted)
        .then((answer) => current && setFound(answer))
        .catch((error: unknown) => console.error('suggestions', error));
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [asking, wanted, suggest]);
  return asking ? found : [];
}
