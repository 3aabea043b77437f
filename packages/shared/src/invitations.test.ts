import { describe, expect, it } from 'vitest';
import {
  acceptInvitePath,
  createPasswordSchema,
  INVITE_MESSAGES,
  invitationTokenSchema,
  isInvitationExpired,
  sendInvitationSchema,
} from './invitations.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe('sendInvitationSchema', () => {
  it('trims and lower-cases the e-mail', () => {
    expect(sendInvitationSchema.parse({ email: '  Foo@X.com ', role: 'vendas' }).email).toBe('foo@x.com');
  });
  it('words the e-mail errors as the spec does', () => {
    expect(firstMessage(sendInvitationSchema.safeParse({ email: '', role: 'vendas' }))).toBe(INVITE_MESSAGES.emailRequired);
    expect(firstMessage(sendInvitationSchema.safeParse({ email: 'foo@', role: 'vendas' }))).toBe(INVITE_MESSAGES.invalidEmail);
  });
  it('refuses a role outside the invite list', () => {
    for (const role of ['custom', 'owner', 'manager', '', 'ADMIN']) {
      expect(firstMessage(sendInvitationSchema.safeParse({ email: 'a@b.co', role }))).toBe(INVITE_MESSAGES.invalidRole);
    }
    for (const role of ['admin', 'vendas', 'marketing', 'projetos', 'financeiro', 'juridico', 'rh']) {
      expect(sendInvitationSchema.safeParse({ email: 'a@b.co', role }).success).toBe(true);
    }
  });
});

describe('invitationTokenSchema', () => {
  it('accepts a 43-character base64url token and refuses anything else', () => {
    expect(invitationTokenSchema.safeParse('a'.repeat(43)).success).toBe(true);
    for (const bad of ['', 'short', 'x'.repeat(200), "abc' OR 1=1 --abcdefghijkl", 'ab/cd+efghijklmnopqrstuvwxyz']) {
      expect(firstMessage(invitationTokenSchema.safeParse(bad))).toBe(INVITE_MESSAGES.invalidToken);
    }
  });
});

describe('createPasswordSchema', () => {
  it('applies the rules of the create-password form in order', () => {
    expect(firstMessage(createPasswordSchema.safeParse({ password: '', confirmPassword: 'x' }))).toBe(INVITE_MESSAGES.passwordRequired);
    expect(firstMessage(createPasswordSchema.safeParse({ password: 'abcdef', confirmPassword: 'abcdeg' }))).toBe(INVITE_MESSAGES.passwordMismatch);
    expect(firstMessage(createPasswordSchema.safeParse({ password: 'abc', confirmPassword: 'abc' }))).toBe(INVITE_MESSAGES.passwordTooShort);
    expect(createPasswordSchema.safeParse({ password: 'abcdef', confirmPassword: 'abcdef' }).success).toBe(true);
  });
});

describe('helpers', () => {
  it('builds the accept link with an encoded, lower-cased e-mail', () => {
    expect(acceptInvitePath('tok', 'Foo+1@X.com')).toBe('/accept-invite?token=tok&email=foo%2B1%40x.com');
  });
  it('counts an invitation as expired from its expires_at on', () => {
    const now = new Date('2026-01-08T12:00:00Z');
    expect(isInvitationExpired('2026-01-08T12:00:00Z', now)).toBe(true);
    expect(isInvitationExpired('2026-01-08T12:00:01Z', now)).toBe(false);
  });
});
