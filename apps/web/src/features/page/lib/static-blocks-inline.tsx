// Inline content (styled text, links and mentions) drawn as BlockNote 0.51 draws it, for the static
// rendering of blocks (static-blocks.tsx).
import { Fragment, type ReactNode } from 'react';
import { MentionChip } from '../components/MentionChip';
import type { Props } from './static-blocks-props';

interface TextItem {
  type: 'text';
  text: string;
  styles?: Props;
}
interface LinkItem {
  type: 'link';
  href: string;
  content: unknown;
}
interface MentionItem {
  type: 'mention';
  props?: { userId?: unknown };
}

/** Marks from the outside in, in the order of BlockNote's schema (the link is innermost). */
const markOrder = [
  'bold',
  'italic',
  'underline',
  'strike',
  'code',
  'textColor',
  'backgroundColor',
] as const;

function withMark(mark: (typeof markOrder)[number], value: unknown, inner: ReactNode): ReactNode {
  switch (mark) {
    case 'bold':
      return <strong>{inner}</strong>;
    case 'italic':
      return <em>{inner}</em>;
    case 'underline':
      return <u>{inner}</u>;
    case 'strike':
      return <s>{inner}</s>;
    case 'code':
      return <code>{inner}</code>;
    case 'textColor':
    case 'backgroundColor':
      return (
        <span data-style-type={mark} data-value={String(value)} data-editable="">
          {inner}
        </span>
      );
  }
}

function withMarks(styles: Props | undefined, inner: ReactNode): ReactNode {
  let node = inner;
  for (let i = markOrder.length - 1; i >= 0; i -= 1) {
    const mark = markOrder[i]!;
    const value = styles?.[mark];
    if (value === undefined || value === false || value === null || value === '') continue;
    node = withMark(mark, value, node);
  }
  return node;
}

/** Text with its line breaks as `<br>`, the way BlockNote stores a hard break. */
function textWithBreaks(text: string): ReactNode {
  if (!text.includes('\n')) return text;
  const parts = text.split('\n');
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <br /> : null}
      {part}
    </Fragment>
  ));
}

function inlineItems(content: unknown): Array<string | TextItem | LinkItem | MentionItem> {
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  return content.filter(
    (item): item is string | TextItem | LinkItem | MentionItem =>
      typeof item === 'string' || (typeof item === 'object' && item !== null && 'type' in item),
  );
}

/** The plain text of inline content (a code block's code). */
export function inlinePlainText(content: unknown): string {
  return inlineItems(content)
    .map((item) => {
      if (typeof item === 'string') return item;
      if (item.type === 'text') return item.text ?? '';
      if (item.type === 'link') return inlinePlainText(item.content);
      return '';
    })
    .join('');
}

function safeHref(href: unknown): string | undefined {
  if (typeof href !== 'string') return undefined;
  return /^\s*(javascript|vbscript|data):/i.test(href) ? undefined : href;
}

/**
 * Inline content as BlockNote draws it: marks as elements, links in new tabs, and an empty
 * paragraph (or one ending in a line break) holding ProseMirror's trailing break so it has a
 * line's height.
 */
export function renderInline(content: unknown): ReactNode {
  const items = inlineItems(content);
  const nodes: ReactNode[] = [];
  let lastText = '';
  items.forEach((item, index) => {
    if (typeof item === 'string') {
      nodes.push(<Fragment key={index}>{textWithBreaks(item)}</Fragment>);
      lastText = item;
    } else if (item.type === 'text' && typeof item.text === 'string') {
      if (item.text === '') return;
      nodes.push(
        <Fragment key={index}>{withMarks(item.styles, textWithBreaks(item.text))}</Fragment>,
      );
      lastText = item.text;
    } else if (item.type === 'mention') {
      // BlockNote wraps a custom inline node in a span naming its type and props
      const userId = typeof item.props?.userId === 'string' ? item.props.userId : '';
      nodes.push(
        <span key={index} data-inline-content-type="mention" data-user-id={userId} data-editable="">
          <MentionChip userId={userId} />
        </span>,
      );
      lastText = '@';
    } else if (item.type === 'link') {
      const href = safeHref(item.href);
      inlineItems(item.content).forEach((inner, innerIndex) => {
        const text = typeof inner === 'string' ? inner : inner.type === 'text' ? inner.text : '';
        if (!text) return;
        const styles = typeof inner === 'string' ? undefined : (inner as TextItem).styles;
        nodes.push(
          <Fragment key={`${index}-${innerIndex}`}>
            {withMarks(
              styles,
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer nofollow"
                data-inline-content-type="link"
              >
                {textWithBreaks(text)}
              </a>,
            )}
          </Fragment>,
        );
        lastText = text;
      });
    }
  });
  if (nodes.length === 0 || lastText.endsWith('\n')) {
    nodes.push(<br key="trailing" className="ProseMirror-trailingBreak" />);
  }
  return nodes;
}
