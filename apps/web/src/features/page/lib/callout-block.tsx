// The callout block (提示框): a tinted box with an icon and inline text, in four tones. BlockNote
// 0.51 has none of its own. Clicking the icon cycles the tone (page-schema.ts adds it to the
// editor and its slash menu).
import { defaultProps } from '@blocknote/core';
import { createReactBlockSpec } from '@blocknote/react';
import { calloutTones } from '@library/contract';
import { calloutToneIcons, nextCalloutTone } from './callout-tones';

export const createCalloutBlock = createReactBlockSpec(
  {
    type: 'callout',
    propSchema: {
      textAlignment: defaultProps.textAlignment,
      textColor: defaultProps.textColor,
      tone: { default: 'info', values: calloutTones },
    },
    content: 'inline',
  },
  {
    render: ({ block, editor, contentRef }) => {
      const tone = block.props.tone;
      return (
        <div className={`callout callout-${tone}`} data-tone={tone}>
          <button
            type="button"
            className="callout-icon"
            contentEditable={false}
            disabled={!editor.isEditable}
            aria-label={tone}
            onClick={() => editor.updateBlock(block, { props: { tone: nextCalloutTone(tone) } })}
          >
            {calloutToneIcons[tone]}
          </button>
          <div className="callout-content" ref={contentRef} />
        </div>
      );
    },
  },
);
