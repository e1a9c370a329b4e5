/**
 * How many SMS segments a text takes (3GPP TS 23.038). A text whose every character is in the
 * GSM 7-bit default alphabet, or its extension table (each of those counts two septets: the escape
 * and the character), goes as GSM-7: 160 septets in one message, 153 per segment when it is split
 * (the user data header takes the rest), and an escaped pair is never split across two segments.
 * Any other character makes the whole text UCS-2: 70 UTF-16 code units in one message, 67 per
 * segment when split, and a surrogate pair (an emoji) is never split.
 *
 * For Spanish: é, É, ñ, Ñ, ü, Ü, ¿, ¡ and à are in the default alphabet; á, í, ó, ú (and their
 * capitals, but É) are not, so one "más" makes a text UCS-2.
 */

/** The GSM 7-bit default alphabet (one septet each). */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
    '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** The extension table (two septets each: escape and character). */
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSegments {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) of the whole text. */
  units: number;
  /** Segments the text takes (0 for an empty text). */
  segments: number;
}

const LIMITS: Readonly<Record<SmsEncoding, { single: number; part: number }>> = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
};

/** Each character's cost, in the text's encoding. */
function costs(text: string): { encoding: SmsEncoding; costs: number[] } {
  const chars = [...text]; // by code point: a surrogate pair is one character
  if (chars.every((c) => GSM_BASIC.has(c) || GSM_EXTENDED.has(c)))
    return { encoding: 'GSM-7', costs: chars.map((c) => (GSM_EXTENDED.has(c) ? 2 : 1)) };
  return { encoding: 'UCS-2', costs: chars.map((c) => c.length) };
}

/** The encoding, size and segment count of a text message. */
export function smsSegments(text: string): SmsSegments {
  const { encoding, costs: each } = costs(text);
  const units = each.reduce((sum, n) => sum + n, 0);
  const limit = LIMITS[encoding];
  if (units === 0) return { encoding, units, segments: 0 };
  if (units <= limit.single) return { encoding, units, segments: 1 };
  // Split: fill each segment with whole characters (an escaped pair or a surrogate pair stays whole).
  let segments = 1;
  let used = 0;
  for (const cost of each) {
    if (used + cost > limit.part) {
      segments += 1;
      used = 0;
    }
    used += cost;
  }
  return { encoding, units, segments };
}
