import { describe, expect, it } from 'vitest';
import { mountPageEditor } from '../../../test/editor';
import { replayTyped } from './replay-typed';

function mountEditor() {
  const { editor } = mountPageEditor([{ id: 'first', type: 'paragraph' }]);
  editor.setTextCursorPosition('first', 'end');
  return editor;
}

const text = (content: unknown) =>
  Array.isArray(content) ? content.map((part: { text?: string }) => part.text ?? '').join('') : '';

describe('replayTyped', () => {
  it('plays keys typed before the editor was in as if typed in it: Enter and Markdown shortcuts', () => {
    const editor = mountEditor();
    replayTyped(
      editor.prosemirrorView!,
      '# 快速上手\n这是一个中文知识库页面。\n- 第一项\n第二项\n\n```js const 问候 = "你好";',
    );
    const blocks = editor.document.map((block) => [block.type, text(block.content)]);
    expect(blocks.slice(0, 5)).toEqual([
      ['heading', '快速上手'],
      ['paragraph', '这是一个中文知识库页面。'],
      ['bulletListItem', '第一项'],
      ['bulletListItem', '第二项'],
      ['codeBlock', 'const 问候 = "你好";'],
    ]);
  });

  it('types plain text at the cursor', () => {
    const editor = mountEditor();
    replayTyped(editor.prosemirrorView!, 'abc');
    expect(text(editor.document[0]!.content)).toBe('abc');
  });
});
