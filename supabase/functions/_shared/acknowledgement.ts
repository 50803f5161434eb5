/**
 * The instant reply to the person who sent a request (supabase/migrations/20261127000700_sender_acknowledgement.sql):
 * what was received, when to expect a call (the reply promise, officeHours.ts replyBy: within the hour during office
 * hours, else by the end of the first hour after the next opening, the rule the site's claim states), the phone
 * number, and how to see or erase what the agency holds. An applicant is told what happens to an application instead,
 * and given the recruiting line. Its words are content (content/replies.yaml); the office
 * hours are site.yaml's (officeHours.ts). It is queued in the notification outbox and sent by notify.ts's sender,
 * which reads the address and first name from the record only when it sends: the outbox holds no personal data.
 * It never repeats the message, the health details, the services or anything else the person wrote but their
 * first name.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { escapeHtml, type Mail } from './mail.ts';
import { openingWords, replyBy, type OfficeSchedule } from './officeHours.ts';

/** content/replies.yaml `acknowledgement`: {name}, {position} and {when} are filled in here. */
export interface AcknowledgementWords {
  inquirySubject: string;
  applicationSubject: string;
  greeting: string;
  inquiryReceived: string;
  applicationReceived: string;
  callWithinHour: string;
  callNextOpening: string;
  phone: string;
  applicationNext: string;
  applicationPhone: string;
  privacy: string;
  privacyLink: string;
  notRepeated: string;
  signature: string;
}

/** What the reply needs from content, generated into formChoices.generated.ts's notificationSettings. */
export interface AcknowledgementSettings {
  words: AcknowledgementWords;
  /** The office hours and holidays, for when to expect a call. */
  schedule: OfficeSchedule;
}

/** Who to reply to, read from the record when the e-mail is sent. */
export interface Sender {
  email: string;
  firstName: string;
  /** The opening's code, for an application. */
  position: string | null;
  /** When the request was stored. */
  sentAt: string;
}

/** The sender of a request, or null when the record is gone or gave no address (nothing to send). */
export async function readSender(supabase: SupabaseClient, kind: 'inquiry' | 'application', recordId: string): Promise<Sender | null> {
  if (kind === 'inquiry') {
    const found = await supabase.from('inquiries').select('email, name, created_at').eq('id', recordId).maybeSingle();
    if (found.error) throw new Error(`The inquiry could not be read: ${found.error.message}`);
    const row = found.data as { email: string; name: string; created_at: string } | null;
    if (!row || !row.email.trim()) return null;
    return { email: row.email.trim(), firstName: row.name.trim().split(/\s+/)[0] ?? '', position: null, sentAt: row.created_at };
  }
  const found = await supabase.from('job_applications').select('email, first_name, position, created_at').eq('id', recordId).maybeSingle();
  if (found.error) throw new Error(`The application could not be read: ${found.error.message}`);
  const row = found.data as { email: string; first_name: string; position: string; created_at: string } | null;
  if (!row || !row.email.trim()) return null;
  return { email: row.email.trim(), firstName: row.first_name.trim(), position: row.position, sentAt: row.created_at };
}

/**
 * When to expect a call, by the reply promise (officeHours.ts replyBy): the "within the hour" words during office
 * hours, else the time it gives after the next opening: "on Monday, November 30, by 9:00 am".
 */
export function whenToExpectACall(sentAt: Date, settings: AcknowledgementSettings): string {
  const { open, by } = replyBy(sentAt, settings.schedule);
  if (open) return settings.words.callWithinHour;
  const words = openingWords(by, settings.schedule);
  return fill(settings.words.callNextOpening, { when: `on ${words.day}, by ${words.time}` });
}

export interface AcknowledgementContext {
  agency: string;
  /** `"Agency" <address>`. */
  from: string;
  /** The public site, where the privacy notice is. */
  siteUrl: string;
  positions: Array<{ code: string; title: string }>;
}

/** The reply's e-mail: plain text and simple HTML, with the sender's first name (a plain one) and nothing else they wrote. */
export function composeAcknowledgement(kind: 'inquiry' | 'application', sender: Sender, settings: AcknowledgementSettings, context: AcknowledgementContext): Mail {
  const { words } = settings;
  const position = context.positions.find((p) => p.code === sender.position)?.title ?? 'a job with us';
  const name = greetingName(sender.firstName);
  const subject = fill(kind === 'inquiry' ? words.inquirySubject : words.applicationSubject, { position });
  const greeting = name ? fill(words.greeting, { name }) : fill(words.greeting, { name: '' }).replace(/\s+,/, ',');
  // A family hears when to expect a call and the agency's line; an applicant, what happens to an application and
  // the recruiting line.
  const paragraphs =
    kind === 'inquiry'
      ? [words.inquiryReceived, whenToExpectACall(new Date(sender.sentAt), settings), words.phone]
      : [fill(words.applicationReceived, { position }), words.applicationNext, words.applicationPhone];
  const privacyHref = new URL('/privacy', context.siteUrl).href;
  const footer = [words.notRepeated, words.privacy];
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), ...footer.flatMap((p) => [p, '']), `${words.privacyLink}: ${privacyHref}`, '', words.signature].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2933">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${footer.map((p) => `<p style="font-size:14px;color:#52606d">${escapeHtml(p)}</p>`).join('\n')}
<p style="font-size:14px"><a href="${escapeHtml(privacyHref)}">${escapeHtml(words.privacyLink)}</a></p>
<p>${escapeHtml(words.signature)}</p>
</body></html>`;
  return { from: context.from, to: [sender.email], subject, text, html };
}

/** The longest first name the reply repeats, and the most words in it ("Mary Ann", "José María"). */
const NAME_MAX_LENGTH = 40;
const NAME_MAX_WORDS = 3;
/** Words of letters (any script, with their accents), joined by one space, hyphen or apostrophe. */
const PLAIN_NAME = /^(?:\p{L}\p{M}*)+(?:[ '’-](?:\p{L}\p{M}*)+)*$/u;

/**
 * The first name the reply greets, or '' to greet without one. The reply is sent to whatever address the form
 * was given, so the name is the one thing a stranger could make the agency's own mail carry to anyone: only a
 * plain name is repeated. Anything with a digit, a dot, a colon, a slash, an @ or any other sign (a link, an
 * address, a domain, a number), or too long to be a first name, is left out whole, never trimmed into shape.
 */
export function greetingName(typed: string): string {
  const name = typed.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (name.length > NAME_MAX_LENGTH || name.split(' ').length > NAME_MAX_WORDS) return '';
  return PLAIN_NAME.test(name) ? name : '';
}

/** Fills the {slots} of a line of content. */
function fill(line: string, slots: Record<string, string>): string {
  return line.replace(/\{(\w+)\}/g, (whole, slot: string) => slots[slot] ?? whole);
}
