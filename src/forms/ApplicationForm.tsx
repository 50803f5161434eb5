/**
 * The job application form, rendered at build time as plain HTML that works with JavaScript off: it posts
 * (multipart) to the `submit-application` Edge Function, which answers with a 303 to /careers/thanks or
 * /careers/not-sent#<reason>. src/forms/enhance.ts, when it loads, sends the same form with upload progress
 * and shows the function's messages next to the fields instead. It finds what it needs through the
 * `data-*` attributes and ids of FormFields.tsx, never through class names.
 */
import { css } from '@emotion/react';
import { APPLICATION_FIELDS, APPLICATION_LIMITS, APPLICATION_MESSAGES } from '../../supabase/functions/_shared/application.ts';
import { Icon } from '../components/Icon.tsx';
import { panelStyle } from '../components/Section.tsx';
import { color } from '../theme.ts';
import type { ApplicationFormProps } from './applicationFormData.ts';
import { ChoiceField, Field, PhoneField, SiteForm, TextField } from './FormFields.tsx';

interface Props extends ApplicationFormProps {
  heading: string;
  intro: string;
}

export function ApplicationForm({ action, positions, position, page, experience, availability, heardAbout, phone, heading, intro }: Props) {
  const chosen = positions.find((job) => job.code === position);
  return (
    <div css={[panelStyle, wrapperStyle]}>
      <h2 id="apply-heading">{heading}</h2>
      <p>{intro}</p>
      <SiteForm
        id="application-form"
        idPrefix="apply"
        labelledBy="apply-heading"
        action={action}
        multipart
        noun="application"
        messages={APPLICATION_MESSAGES}
        progress
        submitLabel="Send application"
        phone={phone}
      >
        {chosen ? (
          <p className="applying">
            <Icon name="briefcase" size={20} /> You are applying for: <strong>{chosen.title}</strong>
          </p>
        ) : null}

        <div className="pair">
          <TextField name="first_name" label="First name" autoComplete="given-name" maxLength={APPLICATION_LIMITS.name} />
          <TextField name="last_name" label="Last name" autoComplete="family-name" maxLength={APPLICATION_LIMITS.name} />
          <TextField name="email" type="email" label="E-mail" autoComplete="email" maxLength={APPLICATION_LIMITS.email} hint="We use it only to reply to you." />
          <PhoneField maxLength={APPLICATION_LIMITS.phone} message={APPLICATION_MESSAGES.phone} />
        </div>

        <ChoiceField
          name="position"
          label="Job"
          hint={chosen ? 'Preselected for this opening; you can choose another.' : undefined}
          placeholder="Choose a job"
          choices={positions.map((job) => ({ code: job.code, label: job.title }))}
          defaultValue={chosen?.code}
        />

        <div className="pair">
          <ChoiceField name="experience" label="Work experience" placeholder="Choose how much" choices={experience} />
          <ChoiceField name="availability" label="When you can work" placeholder="Choose when" choices={availability} />
        </div>

        <fieldset className="checks">
          <legend>Getting to clients (tick any that apply)</legend>
          <label>
            <input type="checkbox" name="has_transportation" value="yes" /> I have reliable transportation
          </label>
          <label>
            <input type="checkbox" name="has_license" value="yes" /> I have a valid driver's license
          </label>
        </fieldset>

        <Field name="cover_letter" label="Cover letter (optional)" hint="A few lines about you and why you would like this job.">
          {(control) => <textarea {...control} name="cover_letter" rows={6} maxLength={APPLICATION_LIMITS.coverLetter} />}
        </Field>

        <Field name="resume" label="Resume (optional)" hint="A PDF file of up to 10 MB.">
          {(control) => (
            <input
              {...control}
              name={APPLICATION_FIELDS.resume}
              type="file"
              accept="application/pdf,.pdf"
              // What the script checks before uploading anything, and says when the file will not do.
              data-max-bytes={APPLICATION_LIMITS.resumeBytes}
              data-not-pdf={APPLICATION_MESSAGES.resumeNotPdf}
              data-too-large={APPLICATION_MESSAGES.resumeTooLarge}
            />
          )}
        </Field>

        {/* Stored with the application for staff and the reports (the function keeps only a listed answer). */}
        {heardAbout.length ? (
          <ChoiceField name={APPLICATION_FIELDS.heardAbout} label="How did you hear about us? (optional)" placeholder="Choose one, if you like" choices={heardAbout} required={false} />
        ) : null}

        <input type="hidden" name={APPLICATION_FIELDS.page} value={page} />
      </SiteForm>
    </div>
  );
}

const wrapperStyle = css`
  max-width: 46rem;
  h2 { font-size: 1.6rem; }
  form { margin-top: 1.25rem; }
  .applying { display: flex; align-items: center; gap: 0.5rem; flex-wrap: wrap; margin: 0; padding: 0.75rem 1rem; border-radius: 10px; background: ${color.brandTint}; }
  .applying svg { flex: none; color: ${color.brand}; }
`;
