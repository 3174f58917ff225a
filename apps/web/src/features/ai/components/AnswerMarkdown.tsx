// An answer rendered as Markdown, safely (a poisoned page must not exfiltrate
// anything through the answer). react-markdown builds React elements, never HTML strings, and
// raw HTML in the text is dropped; on top of that images and links leave our own site only after
// a click: a foreign image is a button until clicked (no request, so no data in its URL reaches
// anyone), a foreign link asks before it opens. Citations `[n]` become buttons that open source n.
import { useState, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { Button, Modal } from 'antd';
import { LinkOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface AnswerMarkdownProps {
  content: string;
  /** a citation `[n]` was clicked */
  onCite?: (index: number) => void;
}

const citePrefix = '#cite-';

/** The URL if it points at our own site over http(s), else null. */
export function ownUrl(href: string | undefined): URL | null {
  if (!href) return null;
  try {
    const url = new URL(href, window.location.href);
    const web = url.protocol === 'http:' || url.protocol === 'https:';
    return web && url.origin === window.location.origin ? url : null;
  } catch {
    return null;
  }
}

function foreignUrl(href: string | undefined): URL | null {
  if (!href) return null;
  try {
    const url = new URL(href, window.location.href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

interface MdastNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdastNode[];
}

/** remark plugin: `[3]` in plain text becomes a link to `#cite-3` (code is left alone). */
function remarkCitations() {
  const split = (node: MdastNode): MdastNode[] => {
    if (node.type !== 'text' || !node.value) return [node];
    const parts: MdastNode[] = [];
    const pattern = /\[(\d{1,3})\]/g;
    let last = 0;
    for (const match of node.value.matchAll(pattern)) {
      const at = match.index;
      if (at > last) parts.push({ type: 'text', value: node.value.slice(last, at) });
      parts.push({
        type: 'link',
        url: `${citePrefix}${match[1]}`,
        children: [{ type: 'text', value: match[0] }],
      });
      last = at + match[0].length;
    }
    if (parts.length === 0) return [node];
    if (last < node.value.length) parts.push({ type: 'text', value: node.value.slice(last) });
    return parts;
  };
  const walk = (node: MdastNode): void => {
    if (!node.children || node.type === 'link' || node.type === 'linkReference') return;
    node.children = node.children.flatMap(split);
    node.children.forEach(walk);
  };
  return (tree: MdastNode) => walk(tree);
}

function ForeignImage({ url, alt }: { url: URL; alt: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  if (shown) {
    return <img src={url.href} alt={alt} referrerPolicy="no-referrer" className="ai-md-image" />;
  }
  return (
    <Button
      size="small"
      icon={<PictureOutlined />}
      className="ai-md-foreign"
      title={t('ai.markdown.foreignImageHint', { host: url.host })}
      onClick={() => setShown(true)}
    >
      {t('ai.markdown.foreignImage', { label: alt || url.host })}
    </Button>
  );
}

function ForeignLink({ url, children }: { url: URL; children: ReactNode }) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const handleClick = () => {
    void modal.confirm({
      title: t('ai.markdown.openLinkTitle'),
      content: (
        <span className="ai-md-url">{t('ai.markdown.openLinkBody', { url: url.href })}</span>
      ),
      okText: t('ai.markdown.open'),
      onOk: () => {
        window.open(url.href, '_blank', 'noopener,noreferrer');
      },
    });
  };
  return (
    <>
      <Button
        type="link"
        size="small"
        className="ai-md-foreign-link"
        icon={<LinkOutlined />}
        title={t('ai.markdown.foreignLink', { url: url.href })}
        onClick={handleClick}
      >
        {children}
      </Button>
      {holder}
    </>
  );
}

export function AnswerMarkdown({ content, onCite }: AnswerMarkdownProps) {
  const { t } = useTranslation();
  const components: Components = {
    img: ({ src, alt }) => {
      const source = typeof src === 'string' ? src : undefined;
      const own = ownUrl(source);
      if (own) return <img src={own.href} alt={alt ?? ''} className="ai-md-image" />;
      const foreign = foreignUrl(source);
      if (!foreign) return <span>{alt}</span>;
      return <ForeignImage url={foreign} alt={alt ?? ''} />;
    },
    a: ({ href, children }) => {
      if (href?.startsWith(citePrefix)) {
        const index = Number(href.slice(citePrefix.length));
        if (!onCite) return <sup className="ai-cite">{children}</sup>;
        return (
          <button
            type="button"
            className="ai-cite"
            aria-label={t('ai.markdown.cite', { index })}
            onClick={() => onCite(index)}
          >
            {index}
          </button>
        );
      }
      const own = ownUrl(href);
      if (own) return <Link to={`${own.pathname}${own.search}${own.hash}`}>{children}</Link>;
      const foreign = foreignUrl(href);
      if (!foreign) return <span>{children}</span>;
      return <ForeignLink url={foreign}>{children}</ForeignLink>;
    },
  };
  return (
    <div className="ai-markdown">
      <Markdown remarkPlugins={[remarkGfm, remarkCitations]} components={components} skipHtml>
        {content}
      </Markdown>
    </div>
  );
}
