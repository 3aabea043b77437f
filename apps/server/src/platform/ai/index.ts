export { AI_HEADERS, AI_MESSAGES, aiCredentials, platformAiConfigured, requireAiCredentials, type AiCredentials } from './credentials.ts';
export { AI_ERROR_MESSAGES, mapProviderError, redact } from './errors.ts';
export { aiClient, generateStructured, isDiarizingModel, jsonSchemaFor, transcribe, type StructuredRequest, type StructuredResult, type TranscriptionSegment } from './gateway.ts';
export { PROMPTS, companySummaryV1, connectionTestV1, dealLeadScoreV1, dealNextStepV1, dealSummaryV1, type DealTimelineInput, type Prompt } from './prompts/index.ts';
