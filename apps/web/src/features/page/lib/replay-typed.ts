// The keys typed on the static rendering of a page while the editor was on its way, played into
// the editor once it is in as if they were typed there: characters through the editor's text
// input (so its Markdown shortcuts apply: "# " a heading, "- " a list item, "```" code) and "\n"
// (Enter) through its key handling (a new block, or leaving a list as Enter does).
import type { EditorView } from '@tiptap/pm/view';

function pressEnter(view: EditorView): void {
  const event = new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 13 });
  if (view.someProp('handleKeyDown', (handle) => handle(view, event))) return;
  view.dispatch(view.state.tr.split(view.state.selection.from).scrollIntoView());
}

function typeText(view: EditorView, text: string): void {
  const { from, to } = view.state.selection;
  const insert = () => view.state.tr.insertText(text, from, to);
  if (view.someProp('handleTextInput', (handle) => handle(view, from, to, text, insert))) return;
  view.dispatch(insert());
}

export function replayTyped(view: EditorView, typed: string): void {
  for (const char of typed) {
    if (char === '\n') pressEnter(view);
    else typeText(view, char);
  }
}
