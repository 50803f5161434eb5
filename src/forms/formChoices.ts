/**
 * The public forms' choices, taken from content/ (jobs, services, application-form.yaml, inquiry-form.yaml,
 * the provider's ids in site.yaml), and the generated module the Edge Functions read them from: a function
 * deployed to Supabase cannot read content/, so `npm run build` (and `npm run schemas`) write
 * supabase/functions/_shared/formChoices.generated.ts, and a unit test fails when the committed copy is stale.
 * Deploy the functions again after changing a job, a service or a form's choices.
 */
import { writeIfChanged } from '../generatedFile.ts';
import path from 'node:path';
import type { FormChoices } from '../../supabase/functions/_shared/application.ts';
import type { InquiryChoices } from '../../supabase/functions/_shared/inquiry.ts';
import type { NotificationSettings } from '../../supabase/functions/_shared/outbox.ts';
import { officeScheduleFrom } from '../content/office.ts';
import type { Content } from '../content/content.ts';
import { providerContactForm, type ProviderForm } from './provider.ts';

import type { Labels } from '../adminPage.ts';

export const FORM_CHOICES_FILE = 'supabase/functions/_shared/formChoices.generated.ts';

type Source = Pick<Content, 'jobs' | 'applicationForm' | 'inquiryForm' | 'services' | 'site' | 'placeholders' | 'retention' | 'replies'>;

export function formChoicesFrom(content: Pick<Content, 'jobs' | 'applicationForm'>): FormChoices {
  return {
    positions: content.jobs.map((job) => ({ code: job.slug, title: job.title, validThrough: job.validThrough })),
    experience: content.applicationForm.experience,
    availability: content.applicationForm.availability,
    heardAbout: content.applicationForm.heardAbout ?? [],
  };
}

/**
 * Who needs care, the times to call, every service by its card title (alphabetical, as the form lists them), and
 * the consent box's version and words.
 */
export function inquiryChoicesFrom(content: Pick<Content, 'inquiryForm' | 'services'>): InquiryChoices {
  return {
    careFor: content.inquiryForm.careFor,
    callTimes: content.inquiryForm.callTimes,
    services: content.services.map((service) => ({ code: service.slug, label: service.card.title })).sort((a, b) => a.label.localeCompare(b.label, 'en')),
    consent: { version: content.inquiryForm.consent.version, text: content.inquiryForm.consent.label },
    heardAbout: content.inquiryForm.heardAbout ?? [],
  };
}

/** What the dashboard shows for each stored code (src/admin/labels.ts), written into the /admin page. */
export function dashboardLabels(content: Source): Labels {
  const form = formChoicesFrom(content);
  const inquiry = inquiryChoicesFrom(content);
  return {
    position: form.positions.map(({ code, title }) => ({ code, label: title })),
    experience: form.experience,
    availability: form.availability,
    careFor: inquiry.careFor,
    callTime: inquiry.callTimes,
    service: inquiry.services,
    inquiryHeardAbout: inquiry.heardAbout,
    applicationHeardAbout: form.heardAbout,
  };
}

/** What the notification e-mails need from content: who, from where, the reply promise, the openings' titles. */
export function notificationSettingsFrom(content: Pick<Content, 'site' | 'jobs' | 'replies'>): NotificationSettings {
  return {
    agency: content.site.name,
    from: content.site.notifications.from,
    to: content.site.notifications.to,
    replyWithinHours: content.site.notifications.replyWithinHours,
    burst: content.site.notifications.burst,
    repliesPerHour: content.site.notifications.repliesPerHour,
    positions: content.jobs.map((job) => ({ code: job.slug, title: job.title })),
    acknowledgement: { words: content.replies.acknowledgement, schedule: officeScheduleFrom(content.site) },
  };
}

/** The settings as module source: the reply's schedule names the module's officeSchedule rather than a second copy of it. */
function notificationSettingsSource(content: Source): string {
  const { acknowledgement, ...settings } = notificationSettingsFrom(content);
  if (!acknowledgement) return JSON.stringify(settings, null, 2);
  const words = JSON.stringify(acknowledgement.words, null, 2).replaceAll('\n', '\n    ');
  return `{\n  ...${JSON.stringify(settings, null, 2).replaceAll('\n', '\n  ')},\n  acknowledgement: {\n    words: ${words},\n    schedule: officeSchedule,\n  },\n}`;
}

export function formChoicesModule(content: Source): string {
  const provider: ProviderForm | null = providerContactForm(content);
  return `// Generated from content/ (jobs, services, application-form.yaml, inquiry-form.yaml, site.yaml, retention.yaml, replies.yaml) by \`npm run build\`: do not edit.
import type { FormChoices } from './application.ts';
import type { InquiryChoices } from './inquiry.ts';
import type { RetentionPeriods } from './purge.ts';
import type { NotificationSettings } from './outbox.ts';
import type { OfficeSchedule } from './officeHours.ts';

export const formChoices: FormChoices = ${JSON.stringify(formChoicesFrom(content), null, 2)};

export const inquiryChoices: InquiryChoices = ${JSON.stringify(inquiryChoicesFrom(content), null, 2)};

/** The provider's contact form that submit-inquiry forwards each request to; null while site.yaml holds placeholders. */
export const providerContactForm: { region: string; portalId: string; formId: string } | null = ${JSON.stringify(provider)};

/** The office hours and holidays (site.yaml \`officeHours\`, \`holidays\`) in America/New_York. */
export const officeSchedule: OfficeSchedule = ${JSON.stringify(officeScheduleFrom(content.site), null, 2)};

/** Who hears of each new request, the reply promise (site.yaml \`notifications\`, the openings), and the instant reply to each sender (replies.yaml, with the office schedule above). */
export const notificationSettings: NotificationSettings = ${notificationSettingsSource(content)};

/** How long the purge function keeps what it erases (content/retention.yaml). */
export const retention: RetentionPeriods = ${JSON.stringify(content.retention, null, 2)};
`;
}

/** Writes the generated module when it differs; returns true when it changed. */
export function writeFormChoices(content: Source, root = process.cwd()): boolean {
  return writeIfChanged(path.join(root, FORM_CHOICES_FILE), formChoicesModule(content));
}
