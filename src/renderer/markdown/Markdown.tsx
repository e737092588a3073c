import { memo, type ReactNode, useMemo } from 'react';
import { type Block, type Inline, parseMarkdown } from './parse';

/** Markdown from a model, rendered as React elements only: no HTML from the text ever reaches the page. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  return <div className="markdown">{blocks.map(renderBlock)}</div>;
});

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.type) {
    case 'heading': {
      const Tag = `h${Math.min(6, block.level + 2)}` as 'h3' | 'h4' | 'h5' | 'h6';
      return <Tag key={key}>{renderInlines(block.children)}</Tag>;
    }
    case 'paragraph':
      return <p key={key}>{renderInlines(block.children)}</p>;
    case 'code':
      return (
        <pre key={key} className="code-block">
          <code>{block.text}</code>
        </pre>
      );
    case 'list': {
      // Items have no identity beyond their place in a text that is parsed anew when it changes.
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      const items = block.items.map((item, i) => <li key={i}>{renderInlines(item)}</li>);
      return block.ordered ? (
        <ol key={key} start={block.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case 'quote':
      return <blockquote key={key}>{renderInlines(block.children)}</blockquote>;
    default:
      return unreachable(block);
  }
}

function renderInlines(inlines: Inline[]): ReactNode[] {
  return inlines.map(renderInline);
}

function renderInline(inline: Inline, key: number): ReactNode {
  switch (inline.type) {
    case 'text':
      return inline.text;
    case 'strong':
      return <strong key={key}>{renderInlines(inline.children)}</strong>;
    case 'em':
      return <em key={key}>{renderInlines(inline.children)}</em>;
    case 'code':
      return <code key={key}>{inline.text}</code>;
    case 'link':
      return (
        <a key={key} href={inline.href} target="_blank" rel="noopener noreferrer">
          {renderInlines(inline.children)}
        </a>
      );
    default:
      return unreachable(inline);
  }
}

function unreachable(value: never): never {
  throw new Error(`unknown markdown node ${JSON.stringify(value)}`);
}
