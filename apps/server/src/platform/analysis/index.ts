export { formatOf, locateQuote, MaterialError, MAX_MATERIAL_CHARS, parseCues, parseTextTranscript, readMaterial, type Material, type MaterialFormat, type TranscriptSegment } from './material.ts';
export { ANALYSIS_JOB, getAnalysis, listAnalyses, registerAnalysisKind, startAnalysis, startFileAnalysis, toAnalysisView, type AnalysisKindDefinition, type AnalyzeContext } from './run.ts';
export { DEFAULT_PART_SECONDS, MAX_AUDIO_SECONDS, probeDuration, setTranscriptionOptions, transcribeRecording } from './audio.ts';
export { needsSpeakers, SEGMENTS_PER_CALL, splitTurns } from './speakers.ts';
