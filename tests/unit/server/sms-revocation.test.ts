/**
 * Inbound replies that revoke consent to texts (issue 43; TCPA, FCC 24-18), by the word lists in
 * flows/policies/sms-revocation.json.
 */
import { describe, expect, it } from 'vitest';
import {
  SHIPPED_REVOCATION_POLICY,
  isRevocation,
  normalizeReply,
} from '@/server/messages/sms/revocation';

describe('normalizeReply', () => {
  it('drops case, accents and punctuation', () => {
    expect(normalizeReply('  No MÁS!!! ')).toBe('no mas');
    expect(normalizeReply("Don't text me.")).toBe('dont text me');
    expect(normalizeReply('STOP.')).toBe('stop');
    expect(normalizeReply('¡Basta, ya!')).toBe('basta ya');
  });
});

describe('isRevocation', () => {
  const revokes = [
    // the TCPA's own words
    'stop',
    'STOP',
    'STOP.',
    'Stop!',
    'Stop please',
    'please stop',
    'Stop it now',
    'STOP STOP STOP',
    'stop all',
    'STOPALL',
    'quit',
    'End',
    'end.',
    'revoke',
    'Opt out',
    'opt-out',
    'OPTOUT',
    'cancel',
    'Cancel please',
    'unsubscribe',
    'Unsubscribe me please',
    // a reply that opens with STOP (or another leading word), whatever follows
    'STOP I already paid',
    'Stop by the office tomorrow?', // read as a stop: the TCPA leans to honouring
    'Basta de mensajes',
    // other reasonable means
    'Please stop texting me',
    'stop sending me messages',
    "Don't text me anymore",
    'do not contact me',
    'No more texts please',
    'Take me off your list',
    'remove me',
    'Leave me alone',
    'Wrong number',
    'I withdraw my consent to these messages',
    // Spanish
    'no más',
    'No mas',
    'NO MÁS!',
    'no más por favor',
    'parar',
    'Parar.',
    'ya no',
    'Ya no, gracias',
    'basta',
    '¡Basta ya!',
    'alto',
    'cancelar',
    'Dejen de mandarme mensajes',
    'deje de escribirme por favor',
    'No me manden más mensajes',
    'No me envíen textos',
    'ya no quiero recibir mensajes',
    'Quiero darme de baja',
    'número equivocado',
  ];
  const ordinary = [
    "I can't stop paying",
    'when does it end?',
    'When does my plan end',
    'How do I cancel my payment plan?',
    'I want to pay the rest',
    'Thanks, got it',
    'ok',
    'yes',
    'no',
    'Can I pay on Friday?',
    'I quit my job so I need a smaller payment',
    'ya no puedo pagar tanto',
    'no tengo más dinero este mes',
    'para cuándo es el pago?',
    'gracias',
    'my payment will end up late',
    '',
    '   ',
    '!!!',
  ];

  it.each(revokes)('revokes: %j', (text) => {
    expect(isRevocation(text)).toBe(true);
  });

  it.each(ordinary)('does not revoke: %j', (text) => {
    expect(isRevocation(text)).toBe(false);
  });

  it('reads the words from the policy it is given (data, not code)', () => {
    const policy = {
      ...SHIPPED_REVOCATION_POLICY,
      english: {
        keywords: ['halt'],
        leading: ['cease'],
        fillers: ['please'],
        phrases: ['go away'],
      },
      spanish: { keywords: ['alto'], leading: [], fillers: [], phrases: [] },
    };
    expect(isRevocation('Halt please', policy)).toBe(true);
    expect(isRevocation('just go away', policy)).toBe(true);
    expect(isRevocation('Cease all of it', policy)).toBe(true);
    expect(isRevocation('please cease', policy)).toBe(false);
    expect(isRevocation('stop', policy)).toBe(false);
  });

  it('has the TCPA words in the shipped lists', () => {
    for (const word of ['stop', 'quit', 'end', 'revoke', 'opt out', 'cancel', 'unsubscribe'])
      expect(SHIPPED_REVOCATION_POLICY.english.keywords).toContain(word);
    for (const word of ['no mas', 'parar', 'ya no', 'basta'])
      expect(SHIPPED_REVOCATION_POLICY.spanish.keywords).toContain(word);
  });
});
