import {
  interviewAnalysisSchema,
  resumeAnalysisSchema,
  SENIORITY_LABELS,
  WORKPLACE_LABELS,
  type InterviewAnalysisResult,
  type ResumeAnalysisResult,
  type TranscriptPlace,
} from '@sede/shared/recruiting/schemas';
import { generateStructured } from '../../platform/ai/index.ts';
import { interviewAnalysisV1, resumeAnalysisV1 } from '../../platform/ai/prompts/index.ts';
import { locateQuote, type AnalysisKindDefinition, type Material } from '../../platform/analysis/index.ts';
import type { Tenant } from '../../services.ts';
import { CANDIDATE_ENTITY, getCandidate, getInterview, getOpening, INTERVIEW_ENTITY, nameFromResume } from './service.ts';

const openingInput = async (tenant: Tenant, openingId: string) => {
  const o = await getOpening(tenant, openingId);
  const place = o.workplace === 'remoto' ? 'Remoto' : `${WORKPLACE_LABELS[o.workplace]} · ${[o.city, o.uf].filter(Boolean).join('/')}`;
  return { id: o.id, title: o.title, department: o.department, seniority: SENIORITY_LABELS[o.seniority], place, requirements: o.requirements, desiredSkills: o.desiredSkills };
};

const clampScore = (n: number) => Math.max(0, Math.min(100, Math.round(n)));

/** 'resume' analyses (ai.resume_analysis): a candidate's résumé scored against the opening, quotes placed. */
export const resumeAnalysisKind: AnalysisKindDefinition = {
  kind: 'resume',
  subjectType: CANDIDATE_ENTITY,
  action: 'ai.resume_analysis',
  analyze: async ({ s, tenant, creds, material, fileName, subjectId }) => {
    const candidate = await getCandidate(tenant, subjectId);
    const opening = await openingInput(tenant, candidate.openingId);
    const out = await generateStructured(s, creds, { prompt: resumeAnalysisV1, input: { fileName, opening, text: material.text }, schema: resumeAnalysisSchema, maxTokens: 4000 });
    const raw = out.data;
    const result: ResumeAnalysisResult = {
      candidateName: raw.candidateName?.trim() || null,
      score: clampScore(raw.score),
      summary: raw.summary.trim(),
      strengths: raw.strengths.map((x) => ({ ...x, ...locateQuote(material, x.quote) })),
      gaps: raw.gaps,
      requirements: raw.requirements.map((x) => ({ ...x, ...(x.quote ? locateQuote(material, x.quote) : { found: false, page: null }) })),
      opening: { id: opening.id, title: opening.title },
      source: { format: material.format, pages: material.pages?.length ?? null, characters: material.text.length },
      promptId: resumeAnalysisV1.id,
    };
    await nameFromResume(tenant, subjectId, result.candidateName);
    return result;
  },
};

const normalize = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').replace(/[“”"']/g, '').trim();

/** Where a quote is in a transcript: the segment holding it (speaker, start) or, for plain text, just found or not. */
export function placeInTranscript(material: Pick<Material, 'text' | 'segments'>, quote: string | null): TranscriptPlace {
  if (!quote) return { found: false, at: null, segmentSpeaker: null };
  const q = normalize(quote).slice(0, 200);
  if (q.length < 6) return { found: false, at: null, segmentSpeaker: null };
  const seg = material.segments?.find((x) => normalize(x.text).includes(q));
  if (seg) return { found: true, at: seg.start, segmentSpeaker: seg.speaker };
  return { found: normalize(material.text).includes(q), at: null, segmentSpeaker: null };
}

/** 'interview' analyses (ai.interview_analysis): the transcript with speakers, competencies with evidence, red flags, a recommendation. */
export const interviewAnalysisKind: AnalysisKindDefinition = {
  kind: 'interview',
  subjectType: INTERVIEW_ENTITY,
  action: 'ai.interview_analysis',
  analyze: async ({ s, tenant, creds, material, subjectId }) => {
    const interview = await getInterview(tenant, subjectId);
    const opening = await openingInput(tenant, interview.openingId);
    const out = await generateStructured(s, creds, {
      prompt: interviewAnalysisV1,
      input: { candidateName: interview.candidateName, opening, speakersInferred: material.speakersInferred, transcript: material.text },
      schema: interviewAnalysisSchema,
      maxTokens: 5000,
    });
    const raw = out.data;
    const result: InterviewAnalysisResult = {
      summary: raw.summary.trim(),
      competencies: raw.competencies.map((c) => ({
        ...c,
        rating: Math.max(1, Math.min(5, Math.round(c.rating))),
        evidence: c.evidence.map((e) => ({ ...e, ...placeInTranscript(material, e.quote) })),
      })),
      redFlags: raw.redFlags.map((f) => ({ ...f, ...placeInTranscript(material, f.quote) })),
      recommendation: raw.recommendation,
      recommendationWhy: raw.recommendationWhy.trim(),
      transcript: {
        segments: material.segments ?? [],
        speakersInferred: material.speakersInferred,
        // A transcript without speaker labels is kept as its text.
        text: material.segments?.length ? null : material.text,
      },
      source: { format: material.format, characters: material.text.length },
      promptId: interviewAnalysisV1.id,
    };
    return result;
  },
};
