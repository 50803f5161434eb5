/**
 * Entry point of the submit-application Edge Function on Supabase (Deno): reads its settings from the
 * environment (see _shared/functionEnv.ts), stops at start-up naming any that is missing or wrong, and
 * serves the handler (handler.ts) with the form's choices generated from content/.
 */
import { formEnvironment, mailEnvironment } from '../_shared/functionEnv.ts';
import { formChoices, notificationSettings } from '../_shared/formChoices.generated.ts';
import { createSubmitApplication } from './handler.ts';

const env = formEnvironment('submit-application', Deno.env);
Deno.serve(createSubmitApplication({ ...env, choices: formChoices, agency: notificationSettings.agency, notify: mailEnvironment('submit-application', Deno.env, notificationSettings, env.siteUrl) }));
