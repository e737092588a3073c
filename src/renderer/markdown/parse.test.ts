import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './parse';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs, lists and code blocks', () => {
    const blocks = parseMarkdown(
      [
        '# Weekly sales',
        '',
        'Sales grew **4.44%**',
        'week on week.',
        '',
        '- this week: 204,804.95',
        '- last week: 196,090.48',
        '',
        '2. second',
        '3. third',
        '',
        '```json',
        '{"a": 1}',
        '```',
      ].join('\n'),
    );
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'list', 'list', 'code']);
    expect(blocks[0]).toEqual({
      type: 'heading',
      level: 1,
      children: [{ type: 'text', text: 'Weekly sales' }],
    });
    expect(blocks[1]).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', text: 'Sales grew ' },
        { type: 'strong', children: [{ type: 'text', text: '4.44%' }] },
        { type: 'text', text: ' week on week.' },
      ],
    });
    expect(blocks[2]).toMatchObject({
      type: 'list',
      ordered: false,
      items: [[{ text: 'this week: 204,804.95' }], [{}]],
    });
    expect(blocks[3]).toMatchObject({ type: 'list', ordered: true, start: 2 });
    expect(blocks[4]).toEqual({ type: 'code', lang: 'json', text: '{"a": 1}' });
  });

  it('keeps an unclosed code fence to the end as code', () => {
    expect(parseMarkdown('```\nrm -rf /\n# not a heading')).toEqual([
      { type: 'code', lang: '', text: 'rm -rf /\n# not a heading' },
    ]);
  });

  it('keeps HTML as text', () => {
    expect(parseMarkdown('<img src=x onerror=alert(1)>')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: '<img src=x onerror=alert(1)>' }] },
    ]);
  });
});

describe('parseInline', () => {
  it('reads emphasis, code and links', () => {
    expect(parseInline('*a* and `b*c*` see [docs](https://example.com/x)')).toEqual([
      { type: 'em', children: [{ type: 'text', text: 'a' }] },
      { type: 'text', text: ' and ' },
      { type: 'code', text: 'b*c*' },
      { type: 'text', text: ' see ' },
      { type: 'link', href: 'https://example.com/x', children: [{ type: 'text', text: 'docs' }] },
    ]);
  });

  it('drops links that are not http(s), keeping their text', () => {
    expect(parseInline('[click](javascript:alert(1))')).toEqual([
      { type: 'text', text: 'click' },
      { type: 'text', text: ')' },
    ]);
    expect(parseInline('[file](file:///etc/passwd)')).toEqual([{ type: 'text', text: 'file' }]);
  });

  it('leaves snake_case names alone', () => {
    expect(parseInline('call query_sales_data and save_daily_report')).toEqual([
      { type: 'text', text: 'call query_sales_data and save_daily_report' },
    ]);
  });

  it('links a bare address without the full stop after it', () => {
    expect(parseInline('See https://example.com/a.')).toEqual([
      { type: 'text', text: 'See ' },
      {
        type: 'link',
        href: 'https://example.com/a',
        children: [{ type: 'text', text: 'https://example.com/a' }],
      },
      { type: 'text', text: '.' },
    ]);
  });
});
