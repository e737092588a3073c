import { useEffect, useMemo, useState } from 'react';
import { copyText } from './clipboard';
import { formatSize, prettyJson, preview } from './format';

const COPIED_MS = 1_500;

/**
 * A titled block of text or pretty JSON with a Copy button. Only the first few KB are drawn until
 * "Show all" is pressed: a tool's output can be megabytes. `verbatim` shows a string exactly as it is
 * (what the model was sent), instead of re-indenting JSON in it.
 */
export function CodeBlock({ title, value, verbatim }: { title: string; value: unknown; verbatim?: boolean }) {
  const text = useMemo(
    () => (verbatim && typeof value === 'string' ? value : prettyJson(value)),
    [value, verbatim],
  );
  const [expanded, setExpanded] = useState(false);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const shown = expanded ? { text, cut: false } : preview(text);

  useEffect(() => {
    if (copy === 'idle') return;
    const timer = setTimeout(() => setCopy('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  return (
    <figure className="code-block">
      <figcaption>
        <h4>{title}</h4>
        <button
          type="button"
          onClick={() => void copyText(text).then((ok) => setCopy(ok ? 'copied' : 'failed'))}
        >
          {copy === 'copied' ? 'Copied' : copy === 'failed' ? 'Copy failed' : 'Copy'}
        </button>
      </figcaption>
      <pre>{shown.text}</pre>
      {shown.cut ? (
        <button type="button" className="show-all" onClick={() => setExpanded(true)}>
          Show all ({formatSize(text.length)})
        </button>
      ) : null}
    </figure>
  );
}
