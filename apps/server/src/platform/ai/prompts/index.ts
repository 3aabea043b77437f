import { companySummaryV1 } from './company-summary.v1.ts';
import { connectionTestV1 } from './connection-test.v1.ts';
import { contractAnalysisV1 } from './contract-analysis.v1.ts';
import { documentDraftV1 } from './document-draft.v1.ts';
import { financeCategorySuggestionV1 } from './finance-category-suggestion.v1.ts';
import { financeDocumentReadingV1 } from './finance-document-reading.v1.ts';
import { dealLeadScoreV1 } from './deal-lead-score.v1.ts';
import { dealNextStepV1 } from './deal-next-step.v1.ts';
import { dealSummaryV1 } from './deal-summary.v1.ts';
import { projectFromBriefV1 } from './project-from-brief.v1.ts';
import { interviewAnalysisV1 } from './interview-analysis.v1.ts';
import { resumeAnalysisV1 } from './resume-analysis.v1.ts';
import { meetingAnalysisV1 } from './meeting-analysis.v1.ts';
import { inboxSuggestedReplyV1 } from './inbox-suggested-reply.v1.ts';
import { creativeCopyV1 } from './creative-copy.v1.ts';
import { speakerTurnsV1 } from './speaker-turns.v1.ts';
import type { Prompt } from './types.ts';

export type { Prompt };

/** Every prompt of the product, by versioned id; they live in this folder only. */
export const PROMPTS = {
  [connectionTestV1.id]: connectionTestV1,
  [companySummaryV1.id]: companySummaryV1,
  [financeDocumentReadingV1.id]: financeDocumentReadingV1,
  [financeCategorySuggestionV1.id]: financeCategorySuggestionV1,
  [dealSummaryV1.id]: dealSummaryV1,
  [dealNextStepV1.id]: dealNextStepV1,
  [dealLeadScoreV1.id]: dealLeadScoreV1,
  [contractAnalysisV1.id]: contractAnalysisV1,
  [documentDraftV1.id]: documentDraftV1,
  [projectFromBriefV1.id]: projectFromBriefV1,
  [resumeAnalysisV1.id]: resumeAnalysisV1,
  [interviewAnalysisV1.id]: interviewAnalysisV1,
  [meetingAnalysisV1.id]: meetingAnalysisV1,
  [inboxSuggestedReplyV1.id]: inboxSuggestedReplyV1,
  [creativeCopyV1.id]: creativeCopyV1,
  [speakerTurnsV1.id]: speakerTurnsV1,
} as const satisfies Record<string, Prompt<never>>;

export {
  companySummaryV1,
  connectionTestV1,
  contractAnalysisV1,
  creativeCopyV1,
  documentDraftV1,
  dealLeadScoreV1,
  dealNextStepV1,
  dealSummaryV1,
  financeCategorySuggestionV1,
  financeDocumentReadingV1,
  inboxSuggestedReplyV1,
  interviewAnalysisV1,
  meetingAnalysisV1,
  projectFromBriefV1,
  resumeAnalysisV1,
  speakerTurnsV1,
};
export type { DealTimelineInput } from './deal-timeline.ts';
export type { ProjectFromBriefInput } from './project-from-brief.v1.ts';
export type { CreativeCopyInput } from './creative-copy.v1.ts';
