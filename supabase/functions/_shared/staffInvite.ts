/**
 * The staff invitation e-mail (issue 32, item 4): the staff function queues a 'staff_invite' row in the
 * notification outbox naming the new member's user id only (20261127001250_staff_invite_outbox.sql); the sender
 * (notify.ts, wherever it runs) hands such a row here. At send time this reads the member's address and name,
 * makes GoTrue's link to set a password (an invite link, or a recovery link for an account that already has a
 * confirmed address, as a removed member invited back has), and sends it to the member alone. The link lands on
 * /admin, which asks for a new password (src/admin/staff/SetPassword.tsx); it works once, for 24 hours
 * (supabase/config.toml, [auth.email] otp_expiry).
 *
 * A link is made at each try: a try the mail API refused leaves no working link behind it. A member removed
 * before the e-mail went is not sent one (the row is marked failed, saying why).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { escapeHtml, mailbox, MailError, type Mail } from './mail.ts';
import type { ClaimedNotification, NotifyConfig } from './outbox.ts';

/** How long the link works, as config.toml's otp_expiry says; the e-mail says it. */
export const INVITE_LINK_HOURS = 24;

/** Sends one 'staff_invite' row's e-mail; undefined when the mail API took it, else what went wrong. */
export async function deliverStaffInvite(supabase: SupabaseClient, row: Pick<ClaimedNotification, 'id'>, config: NotifyConfig): Promise<MailError | undefined> {
  try {
    const outbox = await supabase.from('notification_outbox').select('staff_user_id').eq('id', row.id).maybeSingle();
    if (outbox.error) return new MailError(`The invitation could not be read: ${outbox.error.message}`, false);
    const userId = (outbox.data as { staff_user_id: string | null } | null)?.staff_user_id;
    if (!userId) return new MailError('The member this invitation was for is gone.', true);
    const member = await supabase.from('staff').select('display_name, role, active').eq('user_id', userId).maybeSingle();
    if (member.error) return new MailError(`The member could not be read: ${member.error.message}`, false);
    const profile = member.data as { display_name: string; role: string; active: boolean } | null;
    if (!profile?.active) return new MailError('Not sent: the member was removed before the invitation went.', true);
    const account = await supabase.auth.admin.getUserById(userId);
    const email = account.data.user?.email;
    if (account.error || !email) return new MailError(`The member's account could not be read${account.error ? `: ${account.error.message}` : ''}.`, !account.error);
    const redirectTo = new URL('/admin', config.siteUrl).href;
    let link = await supabase.auth.admin.generateLink({ type: 'invite', email, options: { redirectTo } });
    // An address already confirmed (a member given access again) gets a link to set a new password instead.
    if (link.error?.code === 'email_exists') link = await supabase.auth.admin.generateLink({ type: 'recovery', email, options: { redirectTo } });
    if (link.error || !link.data.properties?.action_link) return new MailError(`The invitation link could not be made: ${link.error?.message ?? 'no link'}`, false);
    await config.mailer.send(composeStaffInvite({ email, name: profile.display_name, role: profile.role, link: link.data.properties.action_link }, config), row.id);
    return undefined;
  } catch (error) {
    return error instanceof MailError ? error : new MailError((error as Error).message, false);
  }
}

/** The e-mail: who it is for, what the dashboard is, the link and how long it works. */
export function composeStaffInvite(invite: { email: string; name: string; role: string; link: string }, config: Pick<NotifyConfig, 'agency' | 'from'>): Mail {
  const from = mailbox(config.agency, config.from);
  const subject = `You are invited to the ${config.agency} staff dashboard`;
  const role = invite.role === 'admin' ? 'an admin (you can also manage staff, export and erase records)' : 'a staff member';
  const intro = `Hello ${invite.name}, you have been given access to the ${config.agency} staff dashboard as ${role}.`;
  const how = `Open the link below to choose your password and sign in. The link works once, for ${INVITE_LINK_HOURS} hours; if it has expired, ask an admin to invite you again.`;
  const ignore = 'If you did not expect this e-mail, you can ignore it.';
  const text = [intro, '', how, '', `Set your password: ${invite.link}`, '', ignore, '', `${config.agency} website`].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2933">
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(how)}</p>
<p><a href="${escapeHtml(invite.link)}" style="display:inline-block;padding:10px 16px;background:#1d4e89;color:#ffffff;text-decoration:none;border-radius:4px">Set your password</a></p>
<p style="font-size:14px;color:#52606d">${escapeHtml(ignore)}</p>
<p style="font-size:14px;color:#52606d">${escapeHtml(config.agency)} website</p>
</body></html>`;
  return { from, to: [invite.email], subject, text, html };
}
