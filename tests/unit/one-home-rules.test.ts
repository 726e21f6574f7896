// The rules of issue 25's "one home per rule", each read from its one module: every user of a rule
// gives the same answer because it asks the same definition.
import { describe, expect, it } from 'vitest';
import { QUESTIONS_MAX, QUESTIONS_MIN, QUESTION_MAX_LENGTH } from '../../models/rules/questions.js';
import { isStepFilled } from '../../models/rules/offer-wizard.js';
import { draftSchema } from '../../api/services/offers/drafts.schema.js';
import { templates } from '../../models/resources/templates/resource.js';
import type { FieldDecl } from '../../models/resources/schema.js';
import { JOB_CODE_ALPHABET, JOB_CODE_LENGTH, PREFERRED_JOB_CODE_MAX, isJobCodeShape, normalizeJobCode } from '../../models/rules/job-code.js';
import { isCandidate, managerAreaAnswer } from '../../models/rules/roles.js';
import { SSO_IDENTIFIER_MAX, isSsoIdentifier } from '../../models/rules/sso.js';
import { ssoProviderSchema } from '../../api/services/identity/sso.schema.js';
import { RECRUITER_STATES } from '../../models/rules/recruiter-states.js';
import { fr } from '../../admin/src/i18n/fr.js';
import { en } from '../../admin/src/i18n/en.js';
import { nl } from '../../admin/src/i18n/nl.js';

const questions = (n: number, text = 'Question ?') => Array.from({ length: n }, (_, i) => ({ id: `q${i + 1}`, question: `${text} ${i + 1}` }));

describe('an offer has 3 to 5 questions of at most 500 characters', () => {
  it('the templates declaration, the drafts schema and the wizard ask the same numbers', () => {
    const field = templates.fields.find((f) => f.source === 'questions') as FieldDecl;
    expect([field.minLength, field.maxLength]).toEqual([QUESTIONS_MIN, QUESTIONS_MAX]);
    expect(draftSchema.safeParse({ questions: questions(QUESTIONS_MAX) }).success).toBe(true);
    expect(draftSchema.safeParse({ questions: questions(QUESTIONS_MAX + 1) }).success).toBe(false);
    expect(draftSchema.safeParse({ questions: [{ question: 'x'.repeat(QUESTION_MAX_LENGTH) }] }).success).toBe(true);
    expect(draftSchema.safeParse({ questions: [{ question: 'x'.repeat(QUESTION_MAX_LENGTH + 1) }] }).success).toBe(false);
    expect(isStepFilled({ questions: questions(QUESTIONS_MIN) } as never, 12)).toBe(true);
    expect(isStepFilled({ questions: questions(QUESTIONS_MIN - 1) } as never, 12)).toBe(false);
  });
});

describe('job codes', () => {
  it('a drawn code fits the shape a lookup accepts; older codes up to the column size too', () => {
    expect(JOB_CODE_ALPHABET).toHaveLength(33);
    expect(isJobCodeShape(JOB_CODE_ALPHABET.slice(0, JOB_CODE_LENGTH))).toBe(true);
    expect(isJobCodeShape('A'.repeat(PREFERRED_JOB_CODE_MAX))).toBe(true);
    expect(isJobCodeShape('A'.repeat(PREFERRED_JOB_CODE_MAX + 1))).toBe(false);
    expect(isJobCodeShape('')).toBe(false);
    expect(isJobCodeShape('abc123')).toBe(false);
    expect(normalizeJobCode('  abc123 ')).toBe('ABC123');
    expect(isJobCodeShape(normalizeJobCode(' pats18 '))).toBe(true);
  });
});

describe('roles', () => {
  it('a candidate is a candidate profile that is not staff', () => {
    expect(isCandidate({ profile: 'candidate', is_admin: false })).toBe(true);
    expect(isCandidate({ profile: 'candidate', is_admin: true })).toBe(false);
    expect(isCandidate({ profile: 'recruiter', is_admin: false })).toBe(false);
  });

  it('the manager area: managers enter, staff only as managers, recruiter and manager accounts read the subscribers text', () => {
    expect(managerAreaAnswer({ profile: 'recruiter', is_admin: true, is_manager: true })).toBe('manager');
    expect(managerAreaAnswer({ profile: 'recruiter', is_admin: true, is_manager: false })).toBe('none');
    expect(managerAreaAnswer({ profile: 'manager', is_admin: false, is_manager: false })).toBe('subscribe');
    expect(managerAreaAnswer({ profile: 'recruiter', is_admin: false, is_manager: false })).toBe('subscribe');
    expect(managerAreaAnswer({ profile: 'candidate', is_admin: false, is_manager: false })).toBe('none');
  });
});

describe('the SSO identifier', () => {
  it('saving a provider and finding one accept the same identifiers', () => {
    const provider = { name: 'X', entry_point: 'https://idp.example.test/sso', idp_cert: 'MIIB', idp_issuer: '', domains: ['example.test'] };
    for (const identifier of ['a', 'ab', 'acme-corp_1', 'x'.repeat(SSO_IDENTIFIER_MAX), 'x'.repeat(SSO_IDENTIFIER_MAX + 1), 'bad id', 'été']) {
      expect(ssoProviderSchema.safeParse({ ...provider, identifier }).success, identifier).toBe(isSsoIdentifier(identifier));
    }
    expect(isSsoIdentifier('a')).toBe(false);
    expect(isSsoIdentifier('ab')).toBe(true);
  });
});

describe('candidate state names', () => {
  it('one wording per language: the console lists and the manager area read the same words, every state named', () => {
    for (const catalog of [fr, en, nl]) {
      const names = catalog.manager.candidates.state_name as Record<string, string>;
      expect(Object.keys(names).sort()).toEqual([...RECRUITER_STATES].sort());
      expect(catalog.resources.applications.choices.recruiter_state).toEqual(names);
      expect(catalog.resources['offer-applications'].choices.recruiter_state).toEqual(names);
    }
  });
});
