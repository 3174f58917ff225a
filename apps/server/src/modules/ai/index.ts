// The ai module's front door: what the app and other modules may use of it.
export { deleteSpaceIndex } from './ai-index.repo.js';
export { guardMarkdown } from './answer.js';
export {
  type AnswerProgress,
  type AnswerSource,
  type ConverseDeps,
  type ConverseEvents,
  answerQuestion,
  streamEvents,
} from './converse.service.js';
export { findSpaceAi } from './space-ai.repo.js';
export { searchSpace } from './space-search.js';
export { registerAiModule } from './ai.module.js';
