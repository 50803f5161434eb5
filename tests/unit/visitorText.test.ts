/**
 * visitorText (supabase/functions/_shared/text.ts): what a visitor types into a public form, cleaned before it
 * is checked and stored. The form functions' tests (submitApplication, submitInquiry) check the same end to end.
 */
import { describe, expect, test } from 'vitest';
import { visitorText } from '../../supabase/functions/_shared/text.ts';

const PERSIAN = '\u0645\u0647\u062F\u06CC\u200C\u0632\u0627\u062F\u0647'; // Mahdizadeh, with its ZWNJ
const MARATHI = '\u0906\u0930\u094D\u200D\u092F\u093E'; // Aarya, eyelash ra (ZWJ)
const SINHALA = '\u0DC1\u0DCA\u200D\u0DBB\u0DD3'; // Sri, with its ZWJ

describe('a name', () => {
  test('typed decomposed is composed (NFC)', () => {
    expect(visitorText('Jose\u0301 Mun\u0303oz')).toBe('Jos\u00E9 Mu\u00F1oz');
  });

  test('made only of invisible characters is empty, so a required field gets its message', () => {
    for (const blank of ['\u200B\u200C\u200D', '\u2060\uFEFF\u00AD', '\u0000', '\u202E', '\u3164', '\uFFA0', '\u115F\u1160', '\u180E', '\u2800', '\u0301', '\u3000 \u00A0', '\u{E0041}\uFE0F']) {
      expect(visitorText(blank), JSON.stringify(blank)).toBe('');
    }
  });

  test('loses every bidi control, so staff read it as typed, not reversed', () => {
    expect(visitorText('Maria \u202EGonzalez\u202C')).toBe('Maria Gonzalez');
    expect(visitorText('\u202A\u202B\u202DAnn\u2066\u2067\u2068\u2069\u200E\u200F\u061C')).toBe('Ann');
  });

  test('loses NUL and every other control character; a tab or line break becomes a space', () => {
    expect(visitorText('An\u0000n\u0007 \u007F\u0085Lee')).toBe('Ann  Lee');
    expect(visitorText('Ann\tLee')).toBe('Ann Lee');
    expect(visitorText('Ann\r\nLee\u2028')).toBe('Ann Lee');
  });

  test('loses zero-width spaces, word joiners, BOMs, soft hyphens and Hangul fillers', () => {
    expect(visitorText('\uFEFFAn\u200Bn Le\u00ADe\u2060\u3164')).toBe('Ann Lee');
  });

  test('in Persian keeps its ZWNJ, in Marathi or Sinhala its ZWJ', () => {
    for (const name of [PERSIAN, MARATHI, SINHALA]) {
      expect(visitorText(name)).toBe(name);
      expect(visitorText(`\u200B${name}\u200F`)).toBe(name);
    }
  });

  test('in Mongolian keeps its vowel separator, in Japanese the variation selector of its kanji, in Korean its syllables, while a stray isolate around them goes', () => {
    for (const name of ['\u1820\u1828\u180E\u1821', '\u845B\u{E0100}\u57CE', '\uAE40\uBBFC\uC900']) expect(visitorText(`\u2068${name}\u2069`)).toBe(name);
  });
});

describe('several lines (a message, a cover letter)', () => {
  test('keep their line breaks and tabs; CRLF, a lone CR and the other Unicode line breaks become LF', () => {
    expect(visitorText('Dear staff,\r\n\r\n\tMy father\rneeds help.\u2028Thanks\u000B\u000CAnn', 'lines')).toBe('Dear staff,\n\n\tMy father\nneeds help.\nThanks\n\nAnn');
  });

  test('lose NUL and the other control characters, and the invisible ones, but keep emoji sequences', () => {
    expect(visitorText('Hello\u0000 there\u0007 \u200B\u202Eand thanks \u{1F468}\u200D\u{1F469}\u200D\u{1F467} \u2764\uFE0F', 'lines')).toBe('Hello there and thanks \u{1F468}\u200D\u{1F469}\u200D\u{1F467} \u2764\uFE0F');
  });

  test('made only of blank lines and invisible characters are empty', () => {
    expect(visitorText('\r\n\t\u200B\n\u202E', 'lines')).toBe('');
  });
});

test('cleaning twice changes nothing more', () => {
  for (const text of ['Jose\u0301', 'e\u200B\u0301', `${PERSIAN}\u200F`, 'a\r\n\rb\u0000', '\u202Eabc']) {
    const once = visitorText(text, 'lines');
    expect(visitorText(once, 'lines')).toBe(once);
    expect(once.normalize('NFC')).toBe(once);
  }
  // A letter and its accent with an invisible character between them meet once it is gone.
  expect(visitorText('e\u200B\u0301')).toBe('\u00E9');
});
