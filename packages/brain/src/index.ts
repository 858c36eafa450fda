export type {
  AnswerEvent,
  AnswerInput,
  AttachedFiles,
  Brain,
  CitationDraft,
  CloneForBrain,
  HistoryTurn,
} from './brain';
export { withCreatorKnowledge } from './creator/with-creator-knowledge';
export type { InstanceFile, MembershipFile } from './folder/clone-file';
export { CloneFile, Membership, membershipId, Slug, toMemberships, VoiceSettings } from './folder/clone-file';
export { CloneFolderError } from './folder/clone-folder-error';
export type { ImageFile } from './folder/image-file';
export type { KnowledgeDocument, Paragraph } from './folder/knowledge-document';
export type { CloneFolder } from './folder/load-clone-folder';
export { loadCloneFolder } from './folder/load-clone-folder';
export type { Chunk } from './import/chunk-paragraphs';
export { chunkParagraphs } from './import/chunk-paragraphs';
export type { ImportResult } from './import/import-clone';
export { importClone, importCloneFolder } from './import/import-clone';
export { mediaUrl } from './import/store-media';
export { createLlmBrain } from './llm/llm-brain';
export type { LlmOptions } from './llm/stream-chat-completion';
export { createLocalBrain } from './local/local-brain';
export type {
  AnsweredCompletion,
  ChatCompletionsDeps,
  ChatCompletionsResult,
} from './openai/chat-completions';
export { chatCompletions } from './openai/chat-completions';
export type { Passage, RetrieveOptions } from './retrieval/retrieve';
export { retrieve } from './retrieval/retrieve';
export type { SearchOptions } from './retrieval/search-knowledge';
export { searchKnowledge } from './retrieval/search-knowledge';
export { rebuildTermStats, refreshSearchIndex } from './retrieval/term-stats';
