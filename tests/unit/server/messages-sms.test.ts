/**
 * SMS segments (src/server/messages/sms.ts): GSM-7 against UCS-2 decided by every character, the
 * single and multipart limits of each, the extension table's two septets, and pairs never split.
 */
import { describe, expect, it } from 'vitest';
import { smsSegments } from '@/server/messages/sms';

describe('sms segments', () => {
  it('counts plain English as GSM-7: 160 septets in one, 153 per part beyond', () => {
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', units: 0, segments: 0 });
    expect(smsSegments('Reply STOP to opt out.')).toEqual({
      encoding: 'GSM-7',
      units: 22,
      segments: 1,
    });
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('keeps Spanish with é, ñ, ü, ¿ and ¡ in GSM-7', () => {
    const text = '¿Tiene preguntas? ¡Llamenos! Peña, pingüino, café, Émile.';
    expect(smsSegments(text).encoding).toBe('GSM-7');
    expect(smsSegments('Responda STOP para dejar de recibir estos mensajes.')).toEqual({
      encoding: 'GSM-7',
      units: 51,
      segments: 1,
    });
  });

  it('makes the whole text UCS-2 for one á, í, ó or ú: 70 in one, 67 per part', () => {
    for (const letter of ['á', 'í', 'ó', 'ú', 'Á', 'Ó'])
      expect(smsSegments(`Su pago ${letter}`).encoding).toBe('UCS-2');
    const more = 'Código de confirmación WPK7M3QX9T.';
    expect(smsSegments(more)).toEqual({ encoding: 'UCS-2', units: 34, segments: 1 });
    expect(smsSegments(`á${'a'.repeat(69)}`).segments).toBe(1);
    expect(smsSegments(`á${'a'.repeat(70)}`).segments).toBe(2);
    expect(smsSegments(`á${'a'.repeat(133)}`).segments).toBe(2);
    expect(smsSegments(`á${'a'.repeat(134)}`).segments).toBe(3);
  });

  it('counts the extension table as two septets and never splits an escaped pair', () => {
    expect(smsSegments('€5 [ok]')).toEqual({ encoding: 'GSM-7', units: 10, segments: 1 });
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    // 159 septets fit one message; split, 152 septets then a two-septet € start a new part.
    expect(smsSegments(`${'a'.repeat(152)}€${'a'.repeat(5)}`)).toEqual({
      encoding: 'GSM-7',
      units: 159,
      segments: 1,
    });
    expect(smsSegments(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toEqual({
      encoding: 'GSM-7',
      units: 306,
      segments: 3,
    });
  });

  it('counts an emoji as two UCS-2 units and never splits it', () => {
    expect(smsSegments('ok 👍')).toEqual({ encoding: 'UCS-2', units: 5, segments: 1 });
    expect(smsSegments(`${'a'.repeat(66)}👍${'a'.repeat(10)}`)).toEqual({
      encoding: 'UCS-2',
      units: 78,
      segments: 2,
    });
    // 66 units then a pair: the pair starts the second part, which then holds 67 units.
    expect(smsSegments(`${'a'.repeat(66)}👍${'a'.repeat(66)}`).segments).toBe(3);
  });
});
