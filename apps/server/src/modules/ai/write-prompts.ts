// AI writing's prompts, ours and versioned with the code: a system message of rules and a user
// message with the page's title, the blocks around the selection and the selection itself (all
// as Markdown, each bounded), then the task — in the writer's language. Change a wording here
// and raise `promptVersion` (it is logged with each use, so answers can be told apart).
import type { AiWriteModelAction, Locale } from '@library/contract';
import type { ChatMessage } from '../../infra/llm/openai-compatible.js';

export const promptVersion = 1;

/** How much of each part the model sees, in characters. */
export const promptBounds = {
  selection: 8000,
  /** the blocks before and after the selection together */
  context: 8000,
  /** summarize reads the whole page */
  page: 12000,
  title: 200,
} as const;

export type Tone = 'formal' | 'friendly';
/** Which way translate goes: Chinese to English, else to the writer's Chinese. */
export type TranslateTarget = 'en' | 'zh_CN' | 'zh_TW';

interface Texts {
  system: string[];
  title: string;
  before: string;
  after: string;
  selection: string;
  page: string;
  empty: string;
  /** the note that a part was cut at `max` characters */
  cut: (max: number) => string;
  extra: string;
  tone: Record<Tone, string>;
  translate: Record<TranslateTarget, string>;
  tasks: Record<Exclude<AiWriteModelAction, 'tone' | 'translate' | 'custom'>, string>;
  custom: string;
}

const zhCN: Texts = {
  system: [
    '你是文档编辑器里的写作助手。',
    '只输出结果本身（Markdown），不要解释、不要开场白、不要用代码块包住整个回答。',
    '保持原文的结构：标题、列表、表格、代码块照原样用 Markdown 写出。',
    '形如 {{@数字}} 的标记代表提到某人，必须原样保留在合适的位置，不能改写、翻译或删除。',
    '保留原文中的所有链接 [文字](地址) 和图片 ![说明](地址)，地址一字不改，不要编造新的链接或图片。',
    '除非任务要求翻译，用原文的语言回答。',
  ],
  title: '页面标题',
  before: '选中内容之前',
  after: '选中内容之后',
  selection: '选中的内容',
  page: '整页内容',
  empty: '（空）',
  cut: (max) => `（内容过长，只保留了 ${max} 个字符）`,
  extra: '补充要求',
  tone: {
    formal: '把选中的内容改写成正式、专业的语气，意思不变。',
    friendly: '把选中的内容改写成亲切、口语化的语气，意思不变。',
  },
  translate: {
    en: '把选中的内容翻译成英文。',
    zh_CN: '把选中的内容翻译成简体中文。',
    zh_TW: '把选中的内容翻译成繁体中文（台湾用语）。',
  },
  tasks: {
    continue: '接着选中的内容往下续写一到三段，风格一致；只输出新写的部分，不要重复原文。',
    polish: '润色选中的内容：语句更通顺、用词更准确，意思和结构不变。',
    shorter: '把选中的内容改写得更简短，保留要点。',
    longer: '把选中的内容扩写得更详细充实，意思不变。',
    fix: '修正选中内容中的错别字、语法和标点错误，其他保持不变。',
    summarize: '用几句话总结整页内容的要点，可以用列表。',
    outline: '根据页面标题（以及选中的内容，如有）写一份文档大纲，用多级标题和列表。',
    table: '把选中的内容整理成一个 Markdown（GFM）表格，第一行是表头。',
    list: '把选中的内容整理成条理清楚的列表。',
  },
  custom: '按下面的要求处理选中的内容：',
};

const zhTW: Texts = {
  system: [
    '你是文件編輯器裡的寫作助手。',
    '只輸出結果本身（Markdown），不要解釋、不要開場白、不要用程式碼區塊包住整個回答。',
    '保持原文的結構：標題、清單、表格、程式碼區塊照原樣用 Markdown 寫出。',
    '形如 {{@數字}} 的標記代表提及某人，必須原樣保留在合適的位置，不能改寫、翻譯或刪除。',
    '保留原文中的所有連結 [文字](網址) 和圖片 ![說明](網址)，網址一字不改，不要編造新的連結或圖片。',
    '除非任務要求翻譯，用原文的語言回答。',
  ],
  title: '頁面標題',
  before: '選取內容之前',
  after: '選取內容之後',
  selection: '選取的內容',
  page: '整頁內容',
  empty: '（空）',
  cut: (max) => `（內容過長，只保留了 ${max} 個字元）`,
  extra: '補充要求',
  tone: {
    formal: '把選取的內容改寫成正式、專業的語氣，意思不變。',
    friendly: '把選取的內容改寫成親切、口語化的語氣，意思不變。',
  },
  translate: {
    en: '把選取的內容翻譯成英文。',
    zh_CN: '把選取的內容翻譯成簡體中文。',
    zh_TW: '把選取的內容翻譯成繁體中文（台灣用語）。',
  },
  tasks: {
    continue: '接著選取的內容往下續寫一到三段，風格一致；只輸出新寫的部分，不要重複原文。',
    polish: '潤飾選取的內容：語句更通順、用詞更精確，意思和結構不變。',
    shorter: '把選取的內容改寫得更簡短，保留重點。',
    longer: '把選取的內容擴寫得更詳細充實，意思不變。',
    fix: '修正選取內容中的錯字、文法和標點錯誤，其他保持不變。',
    summarize: '用幾句話總結整頁內容的重點，可以用清單。',
    outline: '根據頁面標題（以及選取的內容，如有）寫一份文件大綱，用多層標題和清單。',
    table: '把選取的內容整理成一個 Markdown（GFM）表格，第一列是表頭。',
    list: '把選取的內容整理成條理清楚的清單。',
  },
  custom: '依照下面的要求處理選取的內容：',
};

const enUS: Texts = {
  system: [
    'You are the writing assistant of a document editor.',
    'Output only the result itself, as Markdown: no explanation, no preamble, do not wrap the whole answer in a code block.',
    'Keep the structure: write headings, lists, tables and code blocks as Markdown.',
    'Markers like {{@123}} stand for mentions of people: keep each exactly as it is, in its place; never rewrite, translate or drop them.',
    'Keep every link [text](url) and image ![alt](url) of the text with its URL unchanged; do not invent links or images.',
    'Answer in the language of the text unless the task is to translate.',
  ],
  title: 'Page title',
  before: 'Before the selection',
  after: 'After the selection',
  selection: 'The selection',
  page: 'The whole page',
  empty: '(empty)',
  cut: (max) => `(too long: only the first ${max} characters are kept)`,
  extra: 'Also',
  tone: {
    formal: 'Rewrite the selection in a formal, professional tone, keeping its meaning.',
    friendly: 'Rewrite the selection in a friendly, conversational tone, keeping its meaning.',
  },
  translate: {
    en: 'Translate the selection into English.',
    zh_CN: 'Translate the selection into Simplified Chinese.',
    zh_TW: 'Translate the selection into Traditional Chinese (as written in Taiwan).',
  },
  tasks: {
    continue:
      'Continue writing after the selection for one to three paragraphs in the same style; output only the new text, do not repeat the selection.',
    polish:
      'Polish the selection: smoother sentences and more precise words, same meaning and structure.',
    shorter: 'Make the selection shorter, keeping its key points.',
    longer: 'Make the selection longer and more detailed, keeping its meaning.',
    fix: 'Fix the spelling, grammar and punctuation mistakes of the selection and change nothing else.',
    summarize: 'Summarize the key points of the whole page in a few sentences; a list is fine.',
    outline:
      'Write an outline for the document from its title (and the selection, if any), with nested headings and lists.',
    table: 'Turn the selection into one Markdown (GFM) table whose first row is the header.',
    list: 'Turn the selection into a clear, well-organised list.',
  },
  custom: 'Do this with the selection:',
};

const texts: Record<Locale, Texts> = { zh_CN: zhCN, zh_TW: zhTW, en_US: enUS };

/** At most `max` characters (the start for the selection, the end of what comes before). */
export function bound(text: string, max: number, keep: 'start' | 'end' = 'start') {
  if (text.length <= max) return { text, cut: false };
  return { text: keep === 'start' ? text.slice(0, max) : text.slice(text.length - max), cut: true };
}

/**
 * Mostly Chinese → English; else the writer's Chinese. A Han character weighs three Latin letters
 * (about what one carries of a text), so a Chinese sentence with an English name stays Chinese.
 */
export function translateTarget(text: string, language: Locale): TranslateTarget {
  const han = (text.match(/\p{Script=Han}/gu) ?? []).length;
  const latin = (text.match(/[A-Za-z]/g) ?? []).length;
  if (han > 0 && han * 3 >= latin) return 'en';
  return language === 'zh_TW' ? 'zh_TW' : 'zh_CN';
}

export interface WritePromptInput {
  action: AiWriteModelAction;
  language: Locale;
  title: string;
  /** Markdown of the blocks before and after the selection (whole, this bounds them) */
  before: string;
  after: string;
  /** Markdown of the selection (the whole page for summarize) */
  selection: string;
  instruction?: string | undefined;
  tone?: Tone | undefined;
  translate?: TranslateTarget | undefined;
}

/** The messages for one use, and the prompt's text as sent (for tests and logs). */
export function buildWritePrompt(input: WritePromptInput): ChatMessage[] {
  const t = texts[input.language];
  const section = (label: string, body: string, cut: boolean, max: number) =>
    `## ${label}${cut ? ` ${t.cut(max)}` : ''}\n\n${body.trim() || t.empty}`;

  const parts: string[] = [];
  parts.push(`## ${t.title}\n\n${bound(input.title.trim(), promptBounds.title).text || t.empty}`);
  const summarize = input.action === 'summarize';
  if (!summarize) {
    const half = promptBounds.context / 2;
    // what comes right before matters most: the end of it is kept, of what follows the start
    const before = bound(input.before, half, 'end');
    const after = bound(input.after, half, 'start');
    if (input.before.trim()) parts.push(section(t.before, before.text, before.cut, half));
    if (input.after.trim()) parts.push(section(t.after, after.text, after.cut, half));
  }
  const max = summarize ? promptBounds.page : promptBounds.selection;
  const selection = bound(input.selection, max);
  parts.push(section(summarize ? t.page : t.selection, selection.text, selection.cut, max));

  let task: string;
  if (input.action === 'tone') task = t.tone[input.tone ?? 'formal'];
  else if (input.action === 'translate') task = t.translate[input.translate ?? 'en'];
  else if (input.action === 'custom') task = `${t.custom}\n${input.instruction ?? ''}`;
  else task = t.tasks[input.action];
  if (input.instruction && input.action !== 'custom' && input.action !== 'tone') {
    task += `\n${t.extra}: ${input.instruction}`;
  }
  parts.push(`---\n\n${task}`);

  return [
    { role: 'system', content: t.system.join('\n') },
    { role: 'user', content: parts.join('\n\n') },
  ];
}
