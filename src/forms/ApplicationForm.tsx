/**
 * The job application form, rendered at build time as plain HTML that works with JavaScript off: it posts
 * (multipart) to the `submit-application` Edge Function, which answers with a 303 to /careers/thanks or
 * /careers/not-sent#<reason>. src/forms/enhance.ts, when it loads, sends the same form with upload progress
 * and shows the function's messages next to the fields instead. It finds what it needs through the
 * `data-*` attributes and ids below, never through class names.
 */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { APPLICATION_FIELDS, APPLICATION_LIMITS, APPLICATION_MESSAGES } from '../../supabase/functions/_shared/application.ts';
import { buttonCss } from '../components/Button.tsx';
import { Icon } from '../components/Icon.tsx';
import { panelStyle } from '../components/Section.tsx';
import { color, mq } from '../theme.ts';
import type { ApplicationFormProps } from './applicationFormData.ts';

/** The id of a field's input; its hint and error elements add `-hint` and `-error`. */
export const fieldId = (name: string) => `apply-${name}`;

interface Props extends ApplicationFormProps {
  heading: string;
  intro: string;
}

export function ApplicationForm({ action, positions, position, experience, availability, phone, heading, intro }: Props) {
  const chosen = positions.find((job) => job.code === position);
  return (
    <div css={[panelStyle, formStyle]}>
      <h2 id="apply-heading">{heading}</h2>
      <p>{intro}</p>
      <form
        id="application-form"
        method="post"
        encType="multipart/form-data"
        action={action}
        acceptCharset="utf-8"
        aria-labelledby="apply-heading"
        data-application-form=""
        className="ph-no-capture"
      >
        <div id="apply-summary" className="summary" role="alert" tabIndex={-1} hidden data-summary="">
          <h3>Your application was not sent</h3>
          <p data-summary-message="" />
          <ul data-summary-list="" />
          <p>
            Everything you typed is still here. You can also call us at{' '}
            <a href={`tel:${phone.e164}`} className="nowrap">
              {phone.display}
            </a>
            .
          </p>
        </div>

        {chosen ? (
          <p className="applying">
            <Icon name="briefcase" size={20} /> You are applying for: <strong>{chosen.title}</strong>
          </p>
        ) : null}

        <div className="pair">
          <TextField name="first_name" label="First name" autoComplete="given-name" maxLength={APPLICATION_LIMITS.name} />
          <TextField name="last_name" label="Last name" autoComplete="family-name" maxLength={APPLICATION_LIMITS.name} />
          <TextField name="email" type="email" label="E-mail" autoComplete="email" maxLength={APPLICATION_LIMITS.email} hint="We use it only to reply to you." />
          <TextField
            name="phone"
            type="tel"
            label="Phone"
            autoComplete="tel"
            maxLength={APPLICATION_LIMITS.phone}
            hint="Include the area code."
            // The same characters the function accepts; it also counts the digits (10 to 15).
            pattern={'\\+?[0-9\\s\\(\\)\\.\\-]{7,}'}
            title={APPLICATION_MESSAGES.phone}
          />
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
          {(describedBy) => <textarea id={fieldId('cover_letter')} name="cover_letter" rows={6} maxLength={APPLICATION_LIMITS.coverLetter} aria-describedby={describedBy} />}
        </Field>

        <Field name="resume" label="Resume (optional)" hint="A PDF file of up to 10 MB.">
          {(describedBy) => <input id={fieldId('resume')} name={APPLICATION_FIELDS.resume} type="file" accept="application/pdf,.pdf" aria-describedby={describedBy} />}
        </Field>

        {/* A trap for bots: people never see or reach it; a post that fills it in is dropped. */}
        <div className="trap" aria-hidden="true">
          <label htmlFor={fieldId(APPLICATION_FIELDS.honeypot)}>Leave this field empty</label>
          <input id={fieldId(APPLICATION_FIELDS.honeypot)} name={APPLICATION_FIELDS.honeypot} type="text" tabIndex={-1} autoComplete="off" />
        </div>
        {/* Disabled, so not sent, until the enhancement script sets it: without JavaScript it is absent. */}
        <input type="hidden" name={APPLICATION_FIELDS.startedAt} disabled />

        <p className="consent">
          By sending this application you agree to our <a href="/privacy">privacy notice</a>.
        </p>
        <button type="submit" css={buttonCss('primary')} data-submit="">
          <Icon name="send" size={20} /> Send application
        </button>
        <div className="progress" hidden data-progress="">
          <progress max={100} value={0} aria-label="Sending your application" />
        </div>
        <p className="status" role="status" data-status="" />
      </form>
    </div>
  );
}

interface FieldProps {
  name: string;
  label: string;
  hint?: string | undefined;
  children: (describedBy: string) => ReactNode;
}

/** A label, the control, an optional hint and the (empty until needed) error element the control points at. */
function Field({ name, label, hint, children }: FieldProps) {
  const id = fieldId(name);
  const describedBy = [hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      {children(describedBy)}
      <p id={`${id}-error`} className="error" data-error-for={name} />
    </div>
  );
}

interface TextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete: string;
  maxLength: number;
  hint?: string;
  pattern?: string;
  title?: string;
}

function TextField({ name, label, type = 'text', autoComplete, maxLength, hint, pattern, title }: TextFieldProps) {
  return (
    <Field name={name} label={label} hint={hint}>
      {(describedBy) => (
        <input
          id={fieldId(name)}
          name={name}
          type={type}
          autoComplete={autoComplete}
          maxLength={maxLength}
          required
          pattern={pattern}
          title={title}
          aria-describedby={describedBy}
          {...(type === 'text' ? { autoCapitalize: 'words', spellCheck: false } : {})}
        />
      )}
    </Field>
  );
}

interface ChoiceFieldProps {
  name: string;
  label: string;
  hint?: string | undefined;
  /** The disabled first option, shown until a choice is made. */
  placeholder: string;
  choices: ReadonlyArray<{ code: string; label: string }>;
  defaultValue?: string | undefined;
}

function ChoiceField({ name, label, hint, placeholder, choices, defaultValue }: ChoiceFieldProps) {
  return (
    <Field name={name} label={label} hint={hint}>
      {(describedBy) => (
        <select id={fieldId(name)} name={name} required defaultValue={defaultValue ?? ''} aria-describedby={describedBy}>
          <option value="" disabled>
            {placeholder}
          </option>
          {choices.map((choice) => (
            <option key={choice.code} value={choice.code}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

const formStyle = css`
  max-width: 46rem;
  h2 { font-size: 1.6rem; }
  /* minmax(0, 1fr): a select is as wide as its longest option, and must not widen the form past a phone's screen. */
  form, .pair { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1.25rem; }
  form { margin-top: 1.25rem; }
  .pair { ${mq.tablet} { grid-template-columns: repeat(2, minmax(0, 1fr)); align-items: start; } }
  .field { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.3rem; align-content: start; }
  label, legend { font-weight: 650; }
  .hint { margin: 0; color: ${color.muted}; font-size: 1rem; }
  & :where(input:not([type='checkbox']):not([type='file'])), select, textarea {
    display: block; width: 100%; min-height: 48px; padding: 0.55rem 0.8rem; border: 2px solid ${color.muted};
    border-radius: 10px; background: ${color.white}; color: ${color.ink}; font: inherit; font-size: 1.125rem; line-height: 1.4;
  }
  textarea { min-height: 9rem; resize: vertical; }
  input[type='file'] { width: 100%; font: inherit; font-size: 1rem; min-height: 48px; }
  input[type='file']::file-selector-button {
    min-height: 44px; margin-right: 0.75rem; padding: 0.5rem 1rem; border: 2px solid ${color.brand}; border-radius: 999px;
    background: ${color.white}; color: ${color.brand}; font: inherit; font-weight: 650; cursor: pointer;
  }
  input:focus-visible, select:focus-visible, textarea:focus-visible { border-color: ${color.focus}; }
  /* Doubled class: a wrong field stays red while it has the focus (the focus shows as the outline). */
  && [aria-invalid='true'], && :user-invalid { border-color: ${color.danger}; }
  .error { margin: 0; color: ${color.danger}; font-weight: 650; font-size: 1rem; }
  .error:empty { display: none; }
  .checks { margin: 0; padding: 0; border: 0; display: grid; gap: 0.25rem; }
  .checks legend { padding: 0; margin-bottom: 0.3rem; }
  .checks label { display: flex; align-items: center; gap: 0.75rem; min-height: 48px; font-weight: 400; cursor: pointer; }
  .checks input { flex: none; width: 1.5rem; height: 1.5rem; margin: 0; accent-color: ${color.brand}; }
  .applying { display: flex; align-items: center; gap: 0.5rem; flex-wrap: wrap; margin: 0; padding: 0.75rem 1rem; border-radius: 10px; background: ${color.brandTint}; }
  .applying svg { flex: none; color: ${color.brand}; }
  .summary { padding: 1rem 1.25rem; border: 3px solid ${color.danger}; border-radius: 10px; background: ${color.dangerTint}; }
  .summary h3 { font-family: inherit; font-size: 1.2rem; color: ${color.danger}; margin-bottom: 0.4rem; }
  .summary p, .summary ul { margin: 0 0 0.5rem; }
  .summary p:empty, .summary ul:empty { display: none; }
  .summary ul { padding-left: 1.25rem; }
  .summary li { margin: 0.4rem 0; }
  .summary li a { color: ${color.danger}; font-weight: 650; }
  .summary:focus-visible { outline-offset: 4px; }
  .nowrap { white-space: nowrap; }
  .consent { margin: 0; color: ${color.muted}; font-size: 1rem; }
  button { width: 100%; min-height: 52px; padding-inline: 1.75rem; font: inherit; font-weight: 650; cursor: pointer; ${mq.tablet} { width: auto; justify-self: start; } }
  button[aria-disabled='true'] { opacity: 0.7; cursor: progress; }
  .progress progress { width: 100%; height: 1rem; accent-color: ${color.brand}; }
  .status { margin: 0; font-weight: 650; }
  .status:empty { display: none; }
  .trap { position: absolute; left: -10000px; top: auto; width: 1px; height: 1px; overflow: hidden; }
`;
