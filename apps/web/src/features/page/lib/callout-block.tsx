// The callout block (提示框): a tinted box with an icon and inline text, in four tones. BlockNote
// 0.51 has none of its own. Clicking the icon cycles the tone (page-schema.ts adds it to the
// editor and its slash menu).
import { defaultProps } from '@blocknote/core';
import { createReactBlockSpec } from '@blocknote/react';

export const calloutTones = ['info', 'warning', 'success', 'danger'] as const;
export type CalloutTone = (typeof calloutTones)[number];

const toneIcons: Record<CalloutTone, string> = {
  info: '💡',
  warning: '⚠️',
  success: '✅',
  danger: '❗',
};

export function nextCalloutTone(tone: CalloutTone): CalloutTone {
  return calloutTones[(calloutTones.indexOf(tone) + 1) % calloutTones.length]!;
}

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
            {toneIcons[tone]}
          </button>
          <div className="callout-content" ref={contentRef} />
        </div>
      );
    },
  },
);
