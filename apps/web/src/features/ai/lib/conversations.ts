// The conversation rules of spec §4 as pure functions: what a conversation and a message are on
// the screen, the list order, which one is newest, the title taken from the first question, and
// the messages a loaded history shows.
import { limits, type AiConverseItem, type AiSession, type ReferDoc } from '@library/contract';
import type { AnswerFailure } from '../api/stream-answer';

export interface MessageReferences {
  prompts: string[];
  docs: ReferDoc[];
}

export type MessageStatus = 'done' | 'streaming' | 'stopped' | 'failed';

/** A message (spec §3): id, content, isUser, references {prompts, docs}. */
export interface ChatMessage {
  /** local id (the server's answer id arrives with the final event as `answerId`) */
  id: string;
  answerId: string | null;
  content: string;
  isUser: boolean;
  references: MessageReferences;
  status: MessageStatus;
  failure: AnswerFailure | null;
  /** the question an answer replies to, for 'retry' */
  question: string | null;
  /** the prologue or greeting shown as the first assistant message */
  isPrologue: boolean;
}

export type HistoryState = 'unloaded' | 'loading' | 'loaded' | 'failed';

/** A conversation (spec §3): id, title, messages, isPinned, createdAt, pinnedAt, prologue. */
export interface Conversation {
  id: string;
  title: string;
  messages: ChatMessage[];
  isPinned: boolean;
  /** from lastConverseTime (spec §3) */
  createdAt: string;
  pinnedAt: string | null;
  prologue: string;
  history: HistoryState;
}

let localIds = 0;
export function localMessageId(): string {
  localIds += 1;
  return `m${Date.now().toString(36)}-${localIds}`;
}

const noReferences: MessageReferences = { prompts: [], docs: [] };

export function userMessage(content: string): ChatMessage {
  return {
    id: localMessageId(),
    answerId: null,
    content,
    isUser: true,
    references: noReferences,
    status: 'done',
    failure: null,
    question: null,
    isPrologue: false,
  };
}

export function assistantMessage(
  content: string,
  fields: Partial<Omit<ChatMessage, 'id' | 'isUser' | 'content'>> = {},
): ChatMessage {
  return {
    id: localMessageId(),
    answerId: null,
    content,
    isUser: false,
    references: noReferences,
    status: 'done',
    failure: null,
    question: null,
    isPrologue: false,
    ...fields,
  };
}

export function prologueMessage(text: string): ChatMessage {
  return assistantMessage(text, { isPrologue: true });
}

export function toConversation(session: AiSession): Conversation {
  return {
    id: session.id,
    title: session.name,
    messages: [],
    isPinned: session.isPinned,
    createdAt: session.lastConverseTime,
    pinnedAt: session.pinnedAt,
    prologue: session.prologue,
    history: 'unloaded',
  };
}

function time(value: string | null): number {
  const parsed = value ? Date.parse(value) : NaN;
  return Number.isNaN(parsed) ? 0 : parsed;
}

/** Pinned first (most recent pinnedAt first), then the newest (createdAt) first. */
export function compareConversations(a: Conversation, b: Conversation): number {
  if (a.isPinned !== b.isPinned) return a.isPinned ? -1 : 1;
  if (a.isPinned) {
    const byPin = time(b.pinnedAt) - time(a.pinnedAt);
    if (byPin !== 0) return byPin;
  }
  return time(b.createdAt) - time(a.createdAt);
}

export function sortConversations(list: readonly Conversation[]): Conversation[] {
  return [...list].sort(compareConversations);
}

/** The conversation that becomes active after the list loads: the newest, none if empty. */
export function newestConversationId(list: readonly Conversation[]): string | null {
  let newest: Conversation | null = null;
  for (const conversation of list) {
    if (!newest || time(conversation.createdAt) > time(newest.createdAt)) newest = conversation;
  }
  return newest?.id ?? null;
}

/**
 * A title from the first question: its first 100 characters (spec §9), whitespace runs as one
 * space. Characters, not UTF-16 units, so an emoji is never cut in half.
 */
export function titleFromQuestion(question: string): string {
  const flat = question.replace(/\s+/g, ' ').trim();
  return Array.from(flat).slice(0, limits.conversationTitleMax).join('');
}

/** A history as messages: each question and its answer; the prologue when there is none. */
export function historyMessages(items: readonly AiConverseItem[], prologue: string): ChatMessage[] {
  if (items.length === 0) return prologue ? [prologueMessage(prologue)] : [];
  return items.flatMap((item) => [
    userMessage(item.question),
    assistantMessage(item.answer, {
      answerId: item.id,
      question: item.question,
      references: { prompts: item.prompt ? [item.prompt] : [], docs: item.referDocList },
    }),
  ]);
}

/** Whether a question has been asked in this conversation yet. */
export function hasQuestion(conversation: Conversation): boolean {
  return conversation.messages.some((message) => message.isUser);
}
