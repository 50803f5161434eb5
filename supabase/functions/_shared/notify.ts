/**
 * Telling staff of every new request, never losing one: the sender of the notification outbox
 * (supabase/migrations/20261126000000_notification_outbox.sql). The same code runs where a request is stored (the
 * form functions deliver right after answering the visitor), in the notify function that pg_cron calls every
 * minute on Supabase (retries, the daily digest), and on a timer in the local stand-in.
 *
 * A row is claimed with a lease, sent under its id as the idempotency key, and marked sent; a failure waits its
 * backoff, a permanent refusal (an address refused) or the seventh failure marks it failed, shown in the
 * dashboard with the reason. A sender stopped mid-way lets its lease lapse: the next one sends again under the
 * same key, which the mail API answers without a second message, so each notification arrives once.
 *
 * Bursts: while more than `burst.moreThan` requests arrived within `burst.withinMinutes`, each new one's row is
 * folded into one burst row (by claim_notifications, in the claim's transaction), sent as one e-mail listing them
 * by link once the window after it opened is over; a request without the form's time token (suspected spam: a
 * browser without JavaScript is asked to confirm instead, so this is a script's post) is told of only that way.
 *
 * The same outbox carries the instant reply to each sender (acknowledgement.ts): a request's row flagged
 * `acknowledgement`, sent to the address the record holds when it is sent, claimed, retried and shown the same way.
 * At most `repliesPerHour` replies go in any hour: the claim holds the rest for an admin to send or drop.
 *
 * The staff e-mail says what kind of request, when, and links to the record in /admin. It never holds a name, the
 * message, a phone number, a health detail or the resume: e-mail is not a safe place for them.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { overdueLink, recordLink } from './adminLinks.ts';
import { composeAcknowledgement, readSender } from './acknowledgement.ts';
import { escapeHtml, mailbox, MailError, type Mail } from './mail.ts';
import type { ClaimedNotification, NotifyConfig } from './outbox.ts';
import { deliverStaffInvite } from './staffInvite.ts';

export interface DeliveryReport {
  sent: number;
  /** Failed this time, tried again later. */
  retrying: number;
  /** Given up: shown in the dashboard. */
  failed: number;
}

export const AGENCY_TIME_ZONE = 'America/New_York';
/** How long a sender holds the rows it claimed: far longer than sending them takes. */
const LEASE_SECONDS = 60;
const BATCH = 20;
/** Rounds of claiming per run, so a run ends even when rows keep arriving. */
const MAX_ROUNDS = 10;

/** Sends what is due now; resolves with what happened. Throws only when the database cannot be reached. */
export async function deliverDue(supabase: SupabaseClient, config: NotifyConfig): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // With a burst rule, the claim first folds what belongs in a burst; with a reply cap, it then holds the replies
    // past it; both in the claim's transaction.
    const burst = config.burst ? { p_more_than: config.burst.moreThan, p_within_minutes: config.burst.withinMinutes } : {};
    const cap = config.repliesPerHour ? { p_more_than: null, p_within_minutes: null, ...burst, p_replies_per_hour: config.repliesPerHour } : {};
    const claimed = await supabase.rpc('claim_notifications', { p_limit: BATCH, p_lease_seconds: LEASE_SECONDS, ...burst, ...cap });
    if (claimed.error) throw new Error(`The notifications could not be read: ${claimed.error.message}`);
    const rows = (claimed.data ?? []) as ClaimedNotification[];
    for (const row of rows) {
      const outcome = await deliverOne(row, config, supabase);
      const marked = await supabase.rpc('notification_outcome', { p_id: row.id, p_error: outcome?.message ?? null, p_permanent: outcome?.permanent ?? false });
      if (marked.error) throw new Error(`A notification's outcome could not be recorded: ${marked.error.message}`);
      if (marked.data === 'sent') report.sent++;
      else if (marked.data === 'retry') report.retrying++;
      else if (marked.data === 'failed') report.failed++;
    }
    if (rows.length < BATCH) break;
  }
  return report;
}

/** Sends one row's e-mail; undefined when it was accepted, else what went wrong. */
async function deliverOne(row: ClaimedNotification, config: NotifyConfig, supabase: SupabaseClient): Promise<MailError | undefined> {
  // A new staff member's invitation goes to them, not to the intake addresses (staffInvite.ts, 20261127001250).
  if (row.kind === 'staff_invite') return deliverStaffInvite(supabase, row, config);
  // A request's row is the staff's notification or, flagged, the reply to its sender (20261127000700).
  // The deploy's test request's row (20261129200000_test_requests.sql) is worded as the test it is.
  let deployTest = false;
  if (row.kind === 'inquiry' || row.kind === 'application') {
    const flags = row.record_id ? await outboxFlags(supabase, row.id) : undefined;
    if (flags?.acknowledgement) return deliverAcknowledgement(supabase, row.kind, row.record_id!, row.id, flags.created_at, config);
    deployTest = flags?.deploy_test === true;
  }
  if (config.to.length === 0) return new MailError('No intake address is set (site.yaml notifications.to, or NOTIFY_TO).', true);
  try {
    await config.mailer.send(composeNotification(deployTest ? { ...row, deploy_test: true } : row, config), row.id);
    return undefined;
  } catch (error) {
    return error instanceof MailError ? error : new MailError((error as Error).message, false);
  }
}

/** What a request's row is: the reply to its sender (and when it was queued), or the deploy's test e-mail. */
async function outboxFlags(supabase: SupabaseClient, id: string): Promise<{ acknowledgement: boolean; created_at: string; deploy_test: boolean } | undefined> {
  const found = await supabase.from('notification_outbox').select('acknowledgement, created_at, deploy_test').eq('id', id).maybeSingle();
  if (found.error) throw new Error(`A notification could not be read: ${found.error.message}`);
  return (found.data as { acknowledgement: boolean; created_at: string; deploy_test: boolean } | null) ?? undefined;
}

/**
 * Sends the reply to a request's sender, its address and first name read from the record now. When to expect a call
 * runs from when the reply was queued, if later than the request: a record moved out of Spam days later (or held
 * for its sender to confirm) is promised a call from then, not a time already past.
 */
async function deliverAcknowledgement(supabase: SupabaseClient, kind: 'inquiry' | 'application', recordId: string, id: string, queuedAt: string, config: NotifyConfig): Promise<MailError | undefined> {
  if (!config.acknowledgement) return new MailError('The reply to senders has no words (content/replies.yaml): deploy the functions again after npm run build.', true);
  try {
    const sender = await readSender(supabase, kind, recordId);
    // Erased meanwhile, or no address: nothing to send.
    if (!sender) return undefined;
    const from = mailbox(config.agency, config.from);
    const promisedFrom = Date.parse(queuedAt) > Date.parse(sender.sentAt) ? queuedAt : sender.sentAt;
    const mail = composeAcknowledgement(kind, { ...sender, sentAt: promisedFrom }, config.acknowledgement, { agency: config.agency, from, siteUrl: config.siteUrl, positions: config.positions });
    await config.mailer.send(mail, id);
    return undefined;
  } catch (error) {
    return error instanceof MailError ? error : new MailError((error as Error).message, false);
  }
}

/** Queues today's digest of inquiries past the reply promise (once a day, whatever calls it); true when queued. */
export async function queueDigest(supabase: SupabaseClient, replyWithinHours: number): Promise<boolean> {
  const queued = await supabase.rpc('queue_overdue_digest', { p_reply_hours: replyWithinHours });
  if (queued.error) throw new Error(`The overdue digest could not be queued: ${queued.error.message}`);
  return queued.data !== null;
}

/** The e-mail of one row: subject, plain text and simple HTML, with no personal data. */
export function composeNotification(row: ClaimedNotification, config: NotifyConfig): Mail {
  const from = mailbox(config.agency, config.from);
  const when = (iso: string) => formatWhen(iso, config.timeZone ?? AGENCY_TIME_ZONE);
  if (row.kind === 'digest') {
    const overdue = row.overdue ?? [];
    const count = `${overdue.length} ${overdue.length === 1 ? 'inquiry is' : 'inquiries are'}`;
    const subject = `${count} overdue: still New after ${config.replyWithinHours} hours`;
    const intro = `${count} still New after ${config.replyWithinHours} hours: nobody has replied yet.`;
    const items = overdue.map((item) => ({ label: `Inquiry sent ${when(item.created_at)}`, href: recordLink(config.siteUrl, 'inquiries', item.id) }));
    return message(from, config.to, subject, intro, items, { label: 'All overdue inquiries', href: overdueLink(config.siteUrl) }, config.agency);
  }
  if (row.kind === 'burst') return composeBurst(row.items ?? [], config, from, when);
  if (row.deploy_test) return composeDeployTest(row, config, from, when);
  const list = row.kind === 'inquiry' ? 'inquiries' : 'applications';
  const position = config.positions.find((p) => p.code === row.position_code)?.title;
  const subject = row.kind === 'inquiry' ? 'New inquiry from the website' : `New job application${position ? `: ${position}` : ''}`;
  const sent = row.record_created_at ? ` on ${when(row.record_created_at)}` : '';
  const intro =
    row.kind === 'inquiry'
      ? `A family sent the contact form${sent}. It is marked Overdue if nobody has replied within ${config.replyWithinHours} hours.`
      : `Someone applied${position ? ` for ${position}` : ''}${sent}.`;
  const link = { label: row.kind === 'inquiry' ? 'Open the inquiry' : 'Open the application', href: recordLink(config.siteUrl, list, row.record_id ?? '') };
  return message(from, config.to, subject, intro, [], link, config.agency);
}

/**
 * The staff e-mail of the deploy's own test request (npm run deploy -- --verify): still sent, since it proves staff
 * are told, but it says plainly what it is, that nobody sent it and that there is nothing to do. No link to the
 * record: it is erased within the minute, and staff never see it.
 */
function composeDeployTest(row: ClaimedNotification, config: NotifyConfig, from: string, when: (iso: string) => string): Mail {
  const sent = row.record_created_at ? ` on ${when(row.record_created_at)}` : '';
  const subject = 'Test from the deploy: you can ignore this e-mail';
  const intro =
    `This is the deploy's own test request, sent through the website's contact form${sent} by npm run deploy -- --verify ` +
    'to prove that a request is stored and that staff are told of it. No family sent it. It is erased within the minute, ' +
    'no list or report counts it, and nobody gets a reply. There is nothing to do.';
  return message(from, config.to, subject, intro, [], { label: 'Open the dashboard', href: new URL('/admin', config.siteUrl).href }, config.agency);
}

/** One e-mail for a burst: each request by link and time, those without the time token marked as filed under Spam. */
function composeBurst(list: NonNullable<ClaimedNotification['items']>, config: NotifyConfig, from: string, when: (iso: string) => string): Mail {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const verified = list.filter((item) => !item.unverified).length;
  const unverified = list.length - verified;
  const subject = `${plural(list.length, 'new request', 'new requests')} from the website`;
  const lines: string[] = [];
  if (verified > 0 && config.burst) {
    lines.push(`More than ${config.burst.moreThan} requests arrived within ${config.burst.withinMinutes} minutes, so they come together in this one e-mail.`);
  }
  if (unverified > 0) {
    lines.push(
      `${plural(unverified, 'request was', 'requests were')} sent without the form's time check (by a script, or from a page whose script could not get the check) and filed under Spam: open ${unverified === 1 ? 'it' : 'each'} to see whether a person sent it, and use "Not spam" if so.`,
    );
  }
  const items = list.map((item) => ({
    label: `${item.kind === 'inquiry' ? 'Inquiry' : 'Job application'} sent ${when(item.created_at)}${item.unverified ? ' (filed under Spam)' : ''}`,
    href: recordLink(config.siteUrl, item.kind === 'inquiry' ? 'inquiries' : 'applications', item.id),
  }));
  return message(from, config.to, subject, lines.join(' '), items, { label: 'Open the dashboard', href: new URL('/admin', config.siteUrl).href }, config.agency);
}

function message(from: string, to: string[], subject: string, intro: string, items: Array<{ label: string; href: string }>, link: { label: string; href: string }, agency: string): Mail {
  const privacy = 'The details are in the dashboard only: this e-mail carries no name, message or phone number.';
  const text = [intro, '', ...items.map((item) => `- ${item.label}: ${item.href}`), ...(items.length ? [''] : []), `${link.label}: ${link.href}`, '', privacy, '', `${agency} website`].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2933">
<p>${escapeHtml(intro)}</p>
${items.length ? `<ul>${items.map((item) => `<li><a href="${escapeHtml(item.href)}">${escapeHtml(item.label)}</a></li>`).join('')}</ul>\n` : ''}<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 16px;background:#1d4e89;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(link.label)}</a></p>
<p style="font-size:14px;color:#52606d">${escapeHtml(privacy)}</p>
<p style="font-size:14px;color:#52606d">${escapeHtml(agency)} website</p>
</body></html>`;
  return { from, to, subject, text, html };
}

/** "Wed, Nov 25, 2026, 9:14 AM EST" in the agency's zone. */
export function formatWhen(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' }).format(new Date(iso));
}
