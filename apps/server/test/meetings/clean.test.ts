import { describe, expect, it } from 'vitest';
import { assignSpeakers, matchMember, numberedTranscript, talkTime } from '../../src/modules/meetings/analysis.ts';

const members = [
  { userId: 'u1', name: 'Bruno Vendas' },
  { userId: 'u2', name: 'Ana Souza' },
  { userId: 'u3', name: 'Ana Lima' },
];

describe('meeting analysis: the server-computed parts', () => {
  it('talk-time from times: until the end, else until the next start; largest first with shares', () => {
    const r = talkTime([
      { speaker: 'A', start: 0, end: null, text: 'um dois três' },
      { speaker: 'B', start: 10, end: 40, text: 'quatro' },
      { speaker: 'A', start: 40, end: 50, text: 'cinco' },
    ]);
    expect(r).toEqual({
      estimated: false,
      rows: [
        { speaker: 'B', seconds: 30, share: 0.6 },
        { speaker: 'A', seconds: 20, share: 0.4 },
      ],
    });
  });

  it('talk-time without times is estimated from word counts', () => {
    const r = talkTime([
      { speaker: 'A', start: null, end: null, text: 'um dois três quatro cinco' },
      { speaker: 'B', start: null, end: null, text: 'seis' },
      { speaker: 'A', start: null, end: null, text: 'sete oito' },
      { speaker: 'B', start: null, end: null, text: 'nove dez' },
    ]);
    expect(r.estimated).toBe(true);
    expect(r.rows.map((x) => [x.speaker, x.share])).toEqual([
      ['A', 0.7],
      ['B', 0.3],
    ]);
  });

  it('speakers: labels kept; inferred from the model turns; "Falante 1" without any', () => {
    const labelled = { text: '', speakersInferred: false, segments: [{ speaker: 'Marina', start: 0, end: 1, text: 'Oi' }] };
    expect(assignSpeakers(labelled, [{ fromSegment: 1, speaker: 'Outro' }]).map((x) => x.speaker)).toEqual(['Marina']);
    const audio = {
      text: '',
      speakersInferred: true,
      segments: [1, 2, 3, 4].map((i) => ({ speaker: null, start: i, end: i + 1, text: `fala ${i}` })),
    };
    expect(assignSpeakers(audio, [{ fromSegment: 3, speaker: 'Pedro' }, { fromSegment: 1, speaker: 'Marina' }]).map((x) => x.speaker)).toEqual(['Marina', 'Marina', 'Pedro', 'Pedro']);
    expect(assignSpeakers(audio, []).map((x) => x.speaker)).toEqual(['Falante 1', 'Falante 1', 'Falante 1', 'Falante 1']);
    expect(numberedTranscript({ text: '', segments: [{ speaker: 'Marina', start: 65, end: null, text: 'Oi' }] })).toBe('[1] (01:05) Marina: Oi');
  });

  it('owners map to members by full name, else by a unique first name, accents and case ignored', () => {
    expect(matchMember('bruno vendas', members)?.userId).toBe('u1');
    expect(matchMember('Bruno', members)?.userId).toBe('u1');
    expect(matchMember('Ána Souza', members)?.userId).toBe('u2');
    expect(matchMember('Ana', members)).toBeNull(); // two Anas
    expect(matchMember('Pedro', members)).toBeNull();
    expect(matchMember(null, members)).toBeNull();
  });
});
