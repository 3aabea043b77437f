import {
  BANT_CRITERIA,
  meetingAnalysisSchema,
  type MeetingAnalysisAnswer,
  type MeetingAnalysisResult,
  type MeetingSegment,
  type TalkTime,
} from '@sede/shared/meetings/schemas';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { generateStructured } from '../../platform/ai/index.ts';
import { meetingAnalysisV1 } from '../../platform/ai/prompts/meeting-analysis.v1.ts';
import { locateQuote, needsSpeakers, splitTurns, type AnalysisKindDefinition, type Material } from '../../platform/analysis/index.ts';
import { companyMembers, getMeeting, type Member } from './service.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const saneDate = (v: string | null) => (v && DATE.test(v) && v >= '2000-01-01' && v <= '2100-12-31' && !Number.isNaN(Date.parse(v)) ? v : null);
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(v)));
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
/** Speaking pace used when a transcript has no times (150 words per minute). */
const WORDS_PER_SECOND = 2.5;

const clock = (sec: number) => `${String(Math.floor(sec / 60)).padStart(2, '0')}:${String(Math.floor(sec % 60)).padStart(2, '0')}`;

/** "[n] (mm:ss) Falante: texto" per segment, numbered from 1 (the model's speakerTurns refer to them). */
export function numberedTranscript(material: Pick<Material, 'segments' | 'text'>): string {
  if (!material.segments?.length) return material.text;
  return material.segments
    .map((x, i) => `[${i + 1}]${x.start !== null ? ` (${clock(x.start)})` : ''} ${x.speaker ? `${x.speaker}: ` : ''}${x.text}`)
    .join('\n');
}

/** The segments with a speaker each: the file's labels (or the recording's, decision 0381), else the model's turns, else 'Falante 1'. */
export function assignSpeakers(material: Pick<Material, 'segments' | 'text'>, turns: MeetingAnalysisAnswer['speakerTurns']): MeetingSegment[] {
  const segments = material.segments ?? [{ speaker: null, start: null, end: null, text: material.text }];
  const sorted = [...turns].filter((t) => t.speaker.trim()).sort((a, b) => a.fromSegment - b.fromSegment);
  let last = 'Falante 1';
  return segments.map((x, i) => {
    if (x.speaker) {
      last = x.speaker;
      return { speaker: x.speaker, start: x.start, end: x.end, text: x.text };
    }
    const turn = sorted.filter((t) => t.fromSegment <= i + 1).at(-1);
    const speaker = turn ? turn.speaker.trim().slice(0, 80) : x.speaker ?? last;
    return { speaker, start: x.start, end: x.end, text: x.text };
  });
}

/**
 * Talk-time per speaker from the segments' times (a segment lasts until its end, else the next
 * one's start); without times, estimated from word counts. Largest share first.
 */
export function talkTime(segments: MeetingSegment[]): { rows: TalkTime[]; estimated: boolean } {
  const timed = segments.length > 0 && segments.every((x) => x.start !== null);
  const by = new Map<string, number>();
  segments.forEach((x, i) => {
    let sec: number;
    if (timed) {
      const next = segments[i + 1]?.start ?? null;
      const end = x.end ?? (next !== null && next > x.start! ? next : x.start! + words(x.text) / WORDS_PER_SECOND);
      sec = Math.max(0, end - x.start!);
    } else sec = words(x.text) / WORDS_PER_SECOND;
    by.set(x.speaker, (by.get(x.speaker) ?? 0) + sec);
  });
  const total = [...by.values()].reduce((a, b) => a + b, 0);
  const rows = [...by.entries()]
    .map(([speaker, seconds]) => ({ speaker, seconds: Math.round(seconds), share: total ? Math.round((seconds / total) * 1000) / 1000 : 0 }))
    .sort((a, b) => b.seconds - a.seconds || a.speaker.localeCompare(b.speaker));
  return { rows, estimated: !timed };
}

/** A next step's owner → a member: the same full name, else a unique first-name match (accents and case ignored). */
export function matchMember(owner: string | null, members: Member[]): Member | null {
  if (!owner) return null;
  const o = fold(owner);
  const full = members.filter((m) => fold(m.name) === o);
  if (full.length === 1) return full[0]!;
  const first = o.split(' ')[0]!;
  const byFirst = members.filter((m) => fold(m.name).split(' ')[0] === first);
  return byFirst.length === 1 ? byFirst[0]! : null;
}

/** The model's answer made safe to show: scores clamped and summed, dates checked, quotes located, owners mapped. */
export function cleanMeetingAnalysis(raw: MeetingAnalysisAnswer, material: Material, members: Member[]): MeetingAnalysisResult {
  const transcript = assignSpeakers(material, raw.speakerTurns);
  const tt = talkTime(transcript);
  const found = (q: string | null) => (q ? locateQuote(material, q).found : false);
  const criteria = Object.fromEntries(
    BANT_CRITERIA.map((k) => [k, { score: clamp(raw.qualification[k].score, 0, 25), evidence: raw.qualification[k].evidence.trim() }]),
  ) as MeetingAnalysisResult['qualification']['criteria'];
  return {
    summary: raw.summary.trim(),
    participants: raw.participants.filter((p) => p.name.trim()),
    needs: raw.needs.map((n) => ({ ...n, found: found(n.quote) })),
    pains: raw.pains.map((n) => ({ ...n, found: found(n.quote) })),
    objections: raw.objections.map((o) => ({ ...o, found: found(o.quote) })),
    nextSteps: raw.nextSteps
      .filter((n) => n.description.trim())
      .slice(0, 50)
      .map((n) => {
        const m = matchMember(n.owner, members);
        return { description: n.description.trim().slice(0, 500), owner: n.owner?.trim() || null, ownerUserId: m?.userId ?? null, ownerMember: m?.name ?? null, dueDate: saneDate(n.dueDate) };
      }),
    qualification: { method: 'BANT', score: BANT_CRITERIA.reduce((a, k) => a + criteria[k].score, 0), criteria },
    sentiment: raw.sentiment,
    talkTime: tt.rows,
    talkTimeEstimated: tt.estimated,
    speakersInferred: material.speakersInferred,
    transcript,
    source: { format: material.format, characters: material.text.length, durationSeconds: material.durationSeconds ?? null },
    promptId: meetingAnalysisV1.id,
  };
}

/** 'meeting' analyses: ai.meeting_analysis on the meeting's recording or transcript. */
export const meetingAnalysisKind: AnalysisKindDefinition = {
  kind: 'meeting',
  subjectType: 'meeting',
  action: 'ai.meeting_analysis',
  analyze: async ({ s, tenant, creds, material: read, fileName, subjectId }) => {
    const meeting = await getMeeting(tenant, subjectId);
    const members = await companyMembers(tenant);
    // A recording transcribed without speakers: an AI step splits the turns first (part of this paid analysis).
    const material = await splitTurns(s, creds, read);
    const out = await generateStructured(s, creds, {
      prompt: meetingAnalysisV1,
      input: {
        fileName,
        meetingTitle: meeting.title,
        dealTitle: meeting.dealTitle,
        members: members.map((m) => m.name),
        speakersInferred: needsSpeakers(material),
        transcript: numberedTranscript(material),
        today: todayInBrazil(),
      },
      schema: meetingAnalysisSchema,
      maxTokens: 6000,
    });
    return cleanMeetingAnalysis(out.data, material, members);
  },
};
