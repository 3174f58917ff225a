// File blocks (image, video, audio, file) drawn as BlockNote 0.51 draws them: the media or the
// file's name, the caption, or the 'add a file' button of an empty block.
import { useContext, type CSSProperties } from 'react';
import type { Block } from '@library/contract';
import { StaticBlocksContext } from './static-blocks-context';
import { propsOf, type Props } from './static-blocks-props';

const fileIcon = (
  <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="currentColor">
    <path d="M3 8L9.00319 2H19.9978C20.5513 2 21 2.45531 21 2.9918V21.0082C21 21.556 20.5551 22 20.0066 22H3.9934C3.44476 22 3 21.5501 3 20.9932V8ZM10 4V9H5V20H19V4H10Z" />
  </svg>
);

const fileTypeIcons: Record<string, string> = {
  image:
    'M5 11.1005L7 9.1005L12.5 14.6005L16 11.1005L19 14.1005V5H5V11.1005ZM4 3H20C20.5523 3 21 3.44772 21 4V20C21 20.5523 20.5523 21 20 21H4C3.44772 21 3 20.5523 3 20V4C3 3.44772 3.44772 3 4 3ZM15.5 10C14.6716 10 14 9.32843 14 8.5C14 7.67157 14.6716 7 15.5 7C16.3284 7 17 7.67157 17 8.5C17 9.32843 16.3284 10 15.5 10Z',
  video:
    'M2 3.9934C2 3.44476 2.45531 3 2.9918 3H21.0082C21.556 3 22 3.44495 22 3.9934V20.0066C22 20.5552 21.5447 21 21.0082 21H2.9918C2.44405 21 2 20.5551 2 20.0066V3.9934ZM8 5V19H16V5H8ZM4 5V7H6V5H4ZM18 5V7H20V5H18ZM4 9V11H6V9H4ZM18 9V11H20V9H18ZM4 13V15H6V13H4ZM18 13V15H20V13H18ZM4 17V19H6V17H4ZM18 17V19H20V17H18Z',
  audio:
    'M2 16.0001H5.88889L11.1834 20.3319C11.2727 20.405 11.3846 20.4449 11.5 20.4449C11.7761 20.4449 12 20.2211 12 19.9449V4.05519C12 3.93977 11.9601 3.8279 11.887 3.73857C11.7121 3.52485 11.3971 3.49335 11.1834 3.66821L5.88889 8.00007H2C1.44772 8.00007 1 8.44778 1 9.00007V15.0001C1 15.5524 1.44772 16.0001 2 16.0001ZM23 12C23 15.292 21.5539 18.2463 19.2622 20.2622L17.8445 18.8444C19.7758 17.1937 21 14.7398 21 12C21 9.26016 19.7758 6.80629 17.8445 5.15557L19.2622 3.73779C21.5539 5.75368 23 8.70795 23 12ZM18 12C18 10.0883 17.106 8.38548 15.7133 7.28673L14.2842 8.71584C15.3213 9.43855 16 10.64 16 12C16 13.36 15.3213 14.5614 14.2842 15.2841L15.7133 16.7132C17.106 15.6145 18 13.9116 18 12Z',
};

function addFileIcon(type: string) {
  const path = fileTypeIcons[type];
  if (!path) return fileIcon;
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="currentColor">
      <path d={path} />
    </svg>
  );
}

function FileName({ name }: { name: string }) {
  return (
    <div className="bn-file-name-with-icon">
      <div className="bn-file-icon">{fileIcon}</div>
      <p className="bn-file-name">{name}</p>
    </div>
  );
}

/** BlockNote's resize handles of an image or video, hidden until the pointer is over it. */
const resizeHandles = (
  <>
    <div className="bn-resize-handle" style={{ left: '4px', display: 'none' }} />
    <div className="bn-resize-handle" style={{ right: '4px', display: 'none' }} />
  </>
);

function MediaElement({ type, url, props }: { type: string; url: string; props: Props }) {
  const { useFileUrl } = useContext(StaticBlocksContext);
  const src = useFileUrl(url);
  const width = Number(props['previewWidth']) || undefined;
  if (type === 'image') {
    return (
      <div className="bn-visual-media-wrapper">
        <img
          className="bn-visual-media"
          src={src}
          alt={typeof props['name'] === 'string' ? props['name'] : ''}
          draggable={false}
          width={width}
        />
        {resizeHandles}
      </div>
    );
  }
  if (type === 'video') {
    return (
      <div className="bn-visual-media-wrapper">
        <video className="bn-visual-media" src={src} controls draggable={false} width={width} />
        {resizeHandles}
      </div>
    );
  }
  return <audio className="bn-audio" src={src} controls draggable={false} />;
}

export function FileContent({
  block,
  attributes,
}: {
  block: Block;
  attributes: Record<string, string>;
}) {
  const { addFileLabel } = useContext(StaticBlocksContext);
  const props = propsOf(block);
  const url = typeof props['url'] === 'string' ? props['url'] : '';
  const caption = typeof props['caption'] === 'string' ? props['caption'] : '';
  const name = typeof props['name'] === 'string' ? props['name'] : '';
  const resizable = block.type === 'image' || block.type === 'video';
  const preview = block.type !== 'file' && props['showPreview'] !== false;
  const style: CSSProperties | undefined = resizable
    ? {
        position: 'relative',
        ...(url && preview
          ? { width: props['previewWidth'] ? `${Number(props['previewWidth'])}px` : 'fit-content' }
          : {}),
      }
    : undefined;
  const Wrapper = url && caption ? 'figure' : 'div';
  return (
    <div
      className="bn-block-content"
      data-content-type={block.type}
      {...attributes}
      data-file-block=""
      contentEditable={false}
    >
      <Wrapper className="bn-file-block-content-wrapper" style={style}>
        {url === '' ? (
          <div className="bn-add-file-button">
            <div className="bn-add-file-button-icon">{addFileIcon(block.type)}</div>
            <p className="bn-add-file-button-text">{addFileLabel(block.type)}</p>
          </div>
        ) : preview ? (
          <MediaElement type={block.type} url={url} props={props} />
        ) : (
          <FileName name={name} />
        )}
        {url && caption ? <figcaption className="bn-file-caption">{caption}</figcaption> : null}
      </Wrapper>
    </div>
  );
}
