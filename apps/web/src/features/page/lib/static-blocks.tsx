// A static, read-only rendering of a page's blocks from their JSON, without BlockNote: the same
// elements, classes and data attributes BlockNote 0.51 writes for each block (so its stylesheet
// and ours draw it the same), in plain React. The page shows it the moment the blocks arrive,
// while the editor's code loads and mounts, and readers keep it (PageContent.tsx).
// What needs the outside world comes through StaticBlocksContext: the browser URL of a file
// block, the highlighted tokens of a code block, the texts of an empty file block. Inline
// content, tables and file blocks are drawn by their own modules (static-blocks-*.tsx).
import { Fragment, useContext, useState, type ReactNode } from 'react';
import type { Block } from '@library/contract';
import { calloutToneIcons, isCalloutTone } from './callout-tones';
import { StaticBlocksContext } from './static-blocks-context';
import { FileContent } from './static-blocks-file';
import { inlinePlainText, renderInline } from './static-blocks-inline';
import { childrenOf, propAttributes, propsOf } from './static-blocks-props';
import { TableContent } from './static-blocks-table';

export {
  StaticBlocksContext,
  type HighlightedCode,
  type StaticBlocksContextValue,
} from './static-blocks-context';

/**
 * The number BlockNote shows before each numbered list item: consecutive numbered items count
 * up from the first one's `start` (1 by default); any other block ends the list.
 */
export function numberedIndexes(blocks: Block[]): Array<number | undefined> {
  let next = 0;
  let inList = false;
  return blocks.map((block) => {
    if (block.type !== 'numberedListItem') {
      inList = false;
      return undefined;
    }
    if (!inList) {
      const start = Number(propsOf(block)['start']);
      next = Number.isFinite(start) && start > 0 ? start : 1;
      inList = true;
    } else next += 1;
    return next;
  });
}

const toggleIcon = (
  <svg
    xmlns="http://www.w3.org/2000/svg"
    height="24px"
    viewBox="0 -960 960 960"
    width="24px"
    fill="CURRENTCOLOR"
  >
    <path d="M320-200v-560l440 280-440 280Z" />
  </svg>
);

/** The `toggle-<id>` flag BlockNote keeps in localStorage for an open toggle. */
function toggleStorageKey(blockId: string) {
  return `toggle-${blockId}`;
}

function readToggle(blockId: string): boolean {
  try {
    return window.localStorage.getItem(toggleStorageKey(blockId)) === 'true';
  } catch {
    return false;
  }
}

function ToggleWrapper({ blockId, children }: { blockId: string; children: ReactNode }) {
  const [open, setOpen] = useState(() => readToggle(blockId));
  return (
    <div>
      <div className="bn-toggle-wrapper" data-show-children={open ? 'true' : 'false'}>
        <button
          className="bn-toggle-button"
          type="button"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            const next = !open;
            setOpen(next);
            try {
              window.localStorage.setItem(toggleStorageKey(blockId), next ? 'true' : 'false');
            } catch {
              // private mode: the toggle still works, it is just not remembered
            }
          }}
        >
          {toggleIcon}
        </button>
        {children}
      </div>
    </div>
  );
}

function HeadingContent({ block }: { block: Block }) {
  const props = propsOf(block);
  const level = Number(props['level']);
  const Tag = `h${level >= 1 && level <= 6 ? level : 1}` as 'h1';
  const heading = <Tag className="bn-inline-content">{renderInline(block['content'])}</Tag>;
  return props['isToggleable'] === true ? (
    <ToggleWrapper blockId={block.id}>{heading}</ToggleWrapper>
  ) : (
    heading
  );
}

function CodeContent({ block, attributes }: { block: Block; attributes: Record<string, string> }) {
  const { useHighlight, languageName } = useContext(StaticBlocksContext);
  const language = String(propsOf(block)['language'] ?? 'text');
  const code = inlinePlainText(block['content']);
  const highlighted = useHighlight(code, language);
  const name = languageName(language);
  return (
    <div
      className="bn-block-content"
      data-content-type="codeBlock"
      {...attributes}
      style={highlighted?.style}
    >
      <div contentEditable={false}>
        <select disabled value={language} onChange={() => undefined}>
          <option value={language}>{name ?? language}</option>
        </select>
      </div>
      <pre>
        <code className="bn-inline-content">
          {code === '' ? (
            <br className="ProseMirror-trailingBreak" />
          ) : highlighted ? (
            highlighted.lines.map((line, lineIndex) => (
              <Fragment key={lineIndex}>
                {lineIndex > 0 ? '\n' : null}
                {line.map((token, tokenIndex) => (
                  <span key={tokenIndex} className="shiki" style={token.style}>
                    {token.content}
                  </span>
                ))}
              </Fragment>
            ))
          ) : (
            code
          )}
          {code.endsWith('\n') ? <br className="ProseMirror-trailingBreak" /> : null}
        </code>
      </pre>
    </div>
  );
}

function CalloutContent({ block }: { block: Block }) {
  const { editable } = useContext(StaticBlocksContext);
  const props = propsOf(block);
  const tone = isCalloutTone(props['tone']) ? props['tone'] : 'info';
  return (
    <div className="react-renderer node-callout bn-react-node-view-renderer">
      <div
        className="bn-block-content"
        data-content-type="callout"
        {...propAttributes(props)}
        style={{ whiteSpace: 'normal' }}
      >
        <div className={`callout callout-${tone}`} data-tone={tone}>
          <button
            type="button"
            className="callout-icon"
            contentEditable={false}
            disabled={!editable}
            aria-label={tone}
          >
            {calloutToneIcons[tone]}
          </button>
          <div className="bn-inline-content callout-content">
            <div style={{ whiteSpace: 'inherit' }}>{renderInline(block['content'])}</div>
          </div>
        </div>
      </div>
    </div>
  );
}

const fileBlockTypes = new Set(['image', 'video', 'audio', 'file']);

const inert = (event: { preventDefault: () => void }) => event.preventDefault();

function BlockContent({ block, index }: { block: Block; index: number | undefined }) {
  const { editable } = useContext(StaticBlocksContext);
  const props = propsOf(block);
  const attributes = propAttributes(props);
  if (index !== undefined) attributes['data-index'] = String(index);
  const content = block['content'];
  const inline = (Tag: 'p' | 'blockquote') => (
    <Tag className="bn-inline-content">{renderInline(content)}</Tag>
  );
  if (fileBlockTypes.has(block.type)) return <FileContent block={block} attributes={attributes} />;
  switch (block.type) {
    case 'callout':
      return <CalloutContent block={block} />;
    case 'codeBlock':
      return <CodeContent block={block} attributes={attributes} />;
    case 'table':
      return <TableContent block={block} attributes={attributes} />;
    case 'divider':
      return (
        <div
          className="bn-block-content"
          data-content-type="divider"
          {...attributes}
          contentEditable={false}
        >
          <hr />
        </div>
      );
    default:
      break;
  }
  let body: ReactNode;
  switch (block.type) {
    case 'heading':
      body = <HeadingContent block={block} />;
      break;
    case 'quote':
      body = inline('blockquote');
      break;
    case 'checkListItem':
      body = (
        <>
          <div contentEditable={false}>
            <input
              type="checkbox"
              checked={props['checked'] === true}
              disabled={!editable}
              readOnly
              onClick={editable ? inert : undefined}
            />
          </div>
          {inline('p')}
        </>
      );
      break;
    case 'toggleListItem':
      body = <ToggleWrapper blockId={block.id}>{inline('p')}</ToggleWrapper>;
      break;
    default:
      // paragraph, list items, and any block type this rendering does not know: its text
      body = content === undefined ? null : inline('p');
  }
  return (
    <div className="bn-block-content" data-content-type={block.type} {...attributes}>
      {body}
    </div>
  );
}

function StaticBlock({ block, index }: { block: Block; index: number | undefined }) {
  const children = childrenOf(block);
  return (
    <div className="bn-block-outer" data-node-type="blockOuter" data-id={block.id}>
      <div className="bn-block" data-node-type="blockContainer" data-id={block.id}>
        <BlockContent block={block} index={index} />
        {children.length > 0 ? <StaticBlockGroup blocks={children} /> : null}
      </div>
    </div>
  );
}

/** A list of sibling blocks (the document, or a block's children). */
export function StaticBlockGroup({ blocks }: { blocks: Block[] }) {
  const indexes = numberedIndexes(blocks);
  return (
    <div className="bn-block-group" data-node-type="blockGroup">
      {blocks.map((block, position) => (
        <StaticBlock key={block.id} block={block} index={indexes[position]} />
      ))}
    </div>
  );
}
