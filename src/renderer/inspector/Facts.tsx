import { type ReactNode, useState } from 'react';
import { formatSize, preview } from './format';

/** Label–value pairs; pairs whose value is missing are left out. */
export function Facts({
  items,
}: {
  items: readonly (readonly [string, ReactNode | undefined | null | false])[];
}) {
  const shown = items.filter(
    ([, value]) => value !== undefined && value !== null && value !== false && value !== '',
  );
  if (shown.length === 0) return null;
  return (
    <dl className="facts">
      {shown.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled part of the inspector. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="inspector-section">
      <h3>{title}</h3>
      {children}
    </section>
  );
}

/** Prose (a task, an answer, a question); only its first few KB until "Show all" is pressed. */
export function Prose({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? { text, cut: false } : preview(text);
  return (
    <>
      <p className="prose">{shown.text}</p>
      {shown.cut ? (
        <button type="button" className="show-all" onClick={() => setExpanded(true)}>
          Show all ({formatSize(text.length)})
        </button>
      ) : null}
    </>
  );
}

/** A disclosure whose content is built only once it is opened: closed ones cost nothing. */
export function Lazy({ summary, children }: { summary: ReactNode; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {open ? children() : null}
    </details>
  );
}
