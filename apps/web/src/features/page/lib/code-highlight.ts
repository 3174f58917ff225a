// Code block highlighting for the static rendering: the same shiki highlighter, theme and token
// styles as the editor's code blocks (@blocknote/code-block through prosemirror-highlight), loaded
// only when a page has a code block. The highlighter is shared with the editor through the global
// BlockNote keeps it under, so it is created once.
import type { CSSProperties } from 'react';
import type * as CodeBlock from '@blocknote/code-block';
import type { HighlightedCode } from './static-blocks-context';

type CodeBlockModule = typeof CodeBlock;
type Highlighter = Awaited<ReturnType<CodeBlockModule['codeBlockOptions']['createHighlighter']>>;

/** Where BlockNote's code block keeps its highlighter (core/src/blocks/Code/shiki.ts). */
const highlighterKey = Symbol.for('blocknote.shikiHighlighterPromise');

let codeBlockModule: Promise<CodeBlockModule> | null = null;
let loadedModule: CodeBlockModule | null = null;

export function loadCodeBlockModule(): Promise<CodeBlockModule> {
  codeBlockModule ??= import('@blocknote/code-block').then((module) => (loadedModule = module));
  return codeBlockModule;
}

export async function loadHighlighter(): Promise<Highlighter> {
  const { codeBlockOptions } = await loadCodeBlockModule();
  const shared = globalThis as unknown as Record<symbol, Promise<Highlighter> | undefined>;
  shared[highlighterKey] ??= codeBlockOptions.createHighlighter();
  return shared[highlighterKey];
}

/** The id of a language name or alias ("js" → "javascript"), as BlockNote's getLanguageId. */
export function languageId(language: string): string | undefined {
  const languages = loadedModule?.codeBlockOptions.supportedLanguages;
  if (!languages) return undefined;
  return Object.entries(languages).find(
    ([id, { aliases }]) => id === language || (aliases as readonly string[]).includes(language),
  )?.[0];
}

/** The display name of a language ("JavaScript"), once the code block module is loaded. */
export function languageName(language: string): string | undefined {
  const id = languageId(language);
  const languages = loadedModule?.codeBlockOptions.supportedLanguages as
    Record<string, { name: string }> | undefined;
  return id ? languages?.[id]?.name : undefined;
}

const plainLanguages = new Set(['text', 'none', 'plaintext', 'txt']);

/** CSS text ("a:b;c-d:e") or a style object as React style (custom properties kept as named). */
export function styleObject(style: string | Record<string, string>): CSSProperties {
  const entries =
    typeof style === 'string'
      ? style
          .split(';')
          .map((part) => part.split(':'))
          .filter((pair): pair is [string, string] => pair.length >= 2)
          .map(([name, ...value]) => [name.trim(), value.join(':').trim()] as const)
      : Object.entries(style);
  const result: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (!name) continue;
    const key = name.startsWith('--')
      ? name
      : name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    result[key] = value;
  }
  return result as CSSProperties;
}

/**
 * The highlighted form of `code` in `language`, or null for plain text and unknown languages.
 * Loads the highlighter and the language on first use.
 */
export async function highlightCode(
  code: string,
  language: string,
): Promise<HighlightedCode | null> {
  await loadCodeBlockModule();
  const id = languageId(language);
  if (!id || plainLanguages.has(id)) return null;
  const highlighter = await loadHighlighter();
  if (!highlighter.getLoadedLanguages().includes(id)) {
    await highlighter.loadLanguage(id as Parameters<Highlighter['loadLanguage']>[0]);
  }
  const { tokens, fg, bg, rootStyle } = highlighter.codeToTokens(code, {
    lang: id as Parameters<Highlighter['codeToTokens']>[1]['lang'],
    theme: highlighter.getLoadedThemes()[0]!,
  });
  const root =
    rootStyle || (fg && bg ? `--prosemirror-highlight:${fg};--prosemirror-highlight-bg:${bg}` : '');
  return {
    style: root ? styleObject(root) : undefined,
    lines: tokens.map((line) =>
      line.map((token) => ({
        content: token.content,
        style: styleObject(
          (token.htmlStyle as Record<string, string> | undefined) ?? `color: ${token.color}`,
        ),
      })),
    ),
  };
}
