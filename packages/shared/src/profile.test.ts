import { describe, expect, it } from 'vitest';
import { modalForIssue, PROFILE_MESSAGES, PROFILE_MODALS, profileSchema } from './profile.ts';

const messages = (input: unknown) => {
  const r = profileSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('profileSchema', () => {
  it('requires first and last name', () => {
    expect(messages({ firstName: ' ', lastName: 'Souza' })).toEqual([PROFILE_MESSAGES.namesRequired]);
    expect(messages({ firstName: 'Ana' })).toEqual([PROFILE_MESSAGES.namesRequired]);
  });
  it('phone and CPF are optional but must be valid when given', () => {
    expect(messages({ firstName: 'Ana', lastName: 'Souza', phone: '', cpf: '' })).toEqual([]);
    expect(messages({ firstName: 'Ana', lastName: 'Souza', phone: '(11) 3456-789' })).toEqual([PROFILE_MESSAGES.invalidPhone]);
    expect(messages({ firstName: 'Ana', lastName: 'Souza', cpf: '111.111.111-11' })).toEqual([PROFILE_MESSAGES.invalidCpf]);
  });
  it('stores digits only, nulls for empty values, trimmed names', () => {
    expect(profileSchema.parse({ firstName: ' Ana ', lastName: 'Souza', phone: '(11) 93456-7890', cpf: '529.982.247-25' })).toEqual({
      firstName: 'Ana',
      lastName: 'Souza',
      phone: '11934567890',
      cpf: '52998224725',
      invitationToken: null,
    });
  });
  it('maps a failed field to the modal of §8', () => {
    expect(modalForIssue(PROFILE_MESSAGES.namesRequired)).toBe(PROFILE_MODALS.required);
    expect(modalForIssue(PROFILE_MESSAGES.invalidCpf)).toBe(PROFILE_MODALS.invalid);
  });
});
