/**
 * Entry point of the submit-inquiry Edge Function on Supabase (Deno): reads its settings from the
 * environment, stops at start-up naming any that is missing or wrong, and serves the handler (handler.ts).
 * The settings are those of submit-application (see _shared/functionEnv.ts); the HubSpot form it forwards to
 * comes from content/site.yaml through formChoices.generated.ts (none while the ids are placeholders).
 */
import { formEnvironment, mailEnvironment } from '../_shared/functionEnv.ts';
import { inquiryChoices, notificationSettings, providerContactForm } from '../_shared/formChoices.generated.ts';
import { createSubmitInquiry } from './handler.ts';

const env = formEnvironment('submit-inquiry', Deno.env);
Deno.serve(createSubmitInquiry({ ...env, choices: inquiryChoices, agency: notificationSettings.agency, hubspot: providerContactForm, notify: mailEnvironment('submit-inquiry', Deno.env, notificationSettings, env.siteUrl) }));
