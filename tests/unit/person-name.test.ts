// The name a message to a lead may carry (models/rules/person-name.ts, decision 221).
import { describe, expect, it } from 'vitest';
import { MESSAGE_NAME_MAX, nameForMessage } from '../../models/rules/person-name.js';

describe('nameForMessage', () => {
  it('keeps names: letters of any script, accents, single spaces, hyphens and apostrophes between letters', () => {
    for (const name of ['Léa', 'Jean-Pierre', 'N’Golo', "D'Artagnan", 'Anne Marie', 'Zoë', 'Ørjan', 'Åsa-Lisa', 'Јован', 'محمد', '李', 'Marie-Christine Émilie']) {
      expect(nameForMessage(name), name).toBe(name.normalize('NFC'));
    }
    expect(nameForMessage('  Anne   Marie ')).toBe('Anne Marie');
    // Decomposed accents are composed.
    expect(nameForMessage('Le\u0301a')).toBe('Léa');
    expect(nameForMessage('A'.repeat(MESSAGE_NAME_MAX))).toBe('A'.repeat(MESSAGE_NAME_MAX));
  });

  it('leaves out anything else: links, digits, punctuation, sentences, control and invisible characters, too long', () => {
    for (const typed of [
      'http://evil.example',
      'Gagnez 500€ sur evil.example',
      'www.evil.example',
      'evil.example',
      'Léa2',
      'Léa!',
      'Léa, appelez le 0612345678',
      'Jean--Pierre',
      '-Léa',
      "Léa'",
      'Léa\nClick here',
      'Lé\u200Ba',
      'Léa\u202Eevil',
      '<b>Léa</b>',
      'A'.repeat(MESSAGE_NAME_MAX + 1),
      '',
      '   ',
    ]) {
      expect(nameForMessage(typed), JSON.stringify(typed)).toBeNull();
    }
    expect(nameForMessage(null)).toBeNull();
    expect(nameForMessage(undefined)).toBeNull();
  });
});
