/**
 * The words of the instant reply each sender gets by e-mail (`content/replies.yaml`): what was received, when to
 * expect a call, the phone number and how to have the record erased. The e-mail never repeats what the person
 * wrote but their first name (supabase/functions/_shared/acknowledgement.ts composes it; the outbox queues it).
 * Slots in braces are filled when it is sent: {name} the sender's first name, {position} the opening applied for,
 * {when} the time the reply promise gives when the office is closed ("on Monday, November 30, by 9:00 am": the end of
 * the first hour after it next opens, supabase/functions/_shared/officeHours.ts replyBy); ((site.phone)) and the other identity tokens are
 * filled from site.yaml as everywhere.
 */
import { z } from 'zod';
import { text } from './common.ts';

const SLOTS = ['name', 'position', 'when'] as const;

/** A line that may use the given {slots}, must use the `required` ones, and no other words in braces. */
function line(max: number, allowed: ReadonlyArray<(typeof SLOTS)[number]>, required: ReadonlyArray<(typeof SLOTS)[number]> = []) {
  return text(max).superRefine((value, ctx) => {
    for (const [, slot] of value.matchAll(/\{([^}]*)\}/g)) {
      if (!(allowed as readonly string[]).includes(slot ?? '')) {
        ctx.addIssue({ code: 'custom', message: allowed.length ? `expected only ${allowed.map((name) => `{${name}}`).join(', ')} in braces here, found {${slot}}` : `expected no words in braces here, found {${slot}}` });
      }
    }
    for (const slot of required) {
      if (!value.includes(`{${slot}}`)) ctx.addIssue({ code: 'custom', message: `expected {${slot}} in the line (it is filled in when the e-mail is sent)` });
    }
  });
}

export const repliesSchema = z.strictObject({
  acknowledgement: z
    .strictObject({
      inquirySubject: line(120, []).meta({ description: 'The subject of the reply to a contact request, e.g. "We have your request - ((site.name))".' }),
      applicationSubject: line(120, ['position']).meta({ description: 'The subject of the reply to a job application; {position} is the opening, e.g. "We have your application for {position}".' }),
      greeting: line(60, ['name']).meta({ description: 'The first line; {name} is the first name the person gave, e.g. "Hello {name},".' }),
      inquiryReceived: line(300, []).meta({ description: 'What was received, for a contact request, e.g. "Thank you for contacting ((site.name)). We have received your request for information about care."' }),
      applicationReceived: line(300, ['position'], ['position']).meta({ description: 'What was received, for a job application; {position} is the opening, e.g. "We have received your application for {position}."' }),
      callWithinHour: line(300, []).meta({
        description: 'To a family whose request came during office hours (site.yaml officeHours): when to expect a call, as site.yaml claims.replyPromise promises, e.g. "Our office is open: someone will call you within the hour."',
      }),
      callNextOpening: line(300, ['when'], ['when']).meta({
        description:
          'To a family whose request came outside office hours or on a holiday (site.yaml holidays): {when} is the end of the first hour after the office next opens, as claims.replyPromise promises, e.g. "on Monday, November 30, by 9:00 am". E.g. "Our office is closed now: someone will call you {when}."',
      }),
      phone: line(300, []).meta({ description: 'To a family: the phone number to call meanwhile, e.g. "If you would rather talk now, call us at ((site.phone))."' }),
      applicationNext: line(300, []).meta({
        description: 'To an applicant: what happens to an application, as the agency does it (no call is promised to every applicant), e.g. "We read every application within three business days and call the applicants whose experience fits the opening."',
      }),
      applicationPhone: line(300, []).meta({ description: 'To an applicant: the recruiting line (site.yaml recruitingPhone), not the clients\' line, e.g. "Questions about the job? Call our recruiting line, ((site.recruitingPhone))."' }),
      privacy: line(400, []).meta({
        description: 'How to see or erase what the agency holds, as the privacy notice says (a link to it follows), e.g. "To see, correct or erase what you sent us, e-mail ((site.email)) or call us."',
      }),
      privacyLink: line(80, []).meta({ description: 'The words of the link to the privacy notice (/privacy), e.g. "Our privacy notice".' }),
      notRepeated: line(300, []).meta({ description: 'Why the e-mail does not repeat what was sent, e.g. "For your privacy, this e-mail does not repeat what you wrote."' }),
      signature: line(120, []).meta({ description: 'The closing line, e.g. "The team at ((site.name))".' }),
    })
    .meta({
      description:
        'The e-mail sent at once to each person who sends the contact form or applies and gives an e-mail address (never for suspected spam, at most one an hour per address). It says what was received, when to expect a call and the phone number; it never repeats the message, health details or anything else they wrote but their first name.',
    }),
});

export type Replies = z.infer<typeof repliesSchema>;
