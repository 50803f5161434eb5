/**
 * What both public forms are made of (the job application, ApplicationForm.tsx; the contact request,
 * InquiryForm.tsx): the <form> with its error summary, its guard fields against bots, its send button and
 * status line; labelled fields with a hint and an (empty until needed) error element; groups of choices; and
 * the styles. Plain HTML rendered at build time that works with JavaScript off.
 * src/forms/enhance.ts finds what it needs through the data-* attributes and ids written here, never through
 * class names. The messages it shows are written into data-* attributes from each form's shared contract (the
 * function's own message list): the form's for a failed post, each field's (`data-message`, on its control or its
 * group's fieldset) for an answer the browser finds missing or malformed, so one small script serves both forms
 * without carrying their words, and says what the function would say.
 */
import { css } from '@emotion/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { PostMessages } from '../../supabase/functions/_shared/formFunction.ts';
import { FORM_GUARD } from '../../supabase/functions/_shared/formPost.ts';
import { pageLink, telLink } from '../analytics/links.ts';
import { NO_CAPTURE_CLASS } from '../analytics/options.ts';
import { buttonCss } from '../components/Button.tsx';
import { Icon } from '../components/Icon.tsx';
import type { Site } from '../content/schemas/site.ts';
import { color, mq } from '../theme.ts';
import { toTitleCase } from '../titleCase.ts';


/** The prefix of every id in a form ('apply', 'inquiry'): ids stay unique on a page whatever forms it has. */
const IdPrefix = createContext('form');
/** The form function's messages, by field name: what a field that is missing or malformed says (`data-message`). */
const Messages = createContext<FieldMessages>({});
type FieldMessages = Readonly<Partial<Record<string, string>>>;

/** The function's message about the field `name`, for the script to show beside it (none: the browser's words). */
const useMessage = (name: string) => useContext(Messages)[name];

/** The id of a field's control (a group's fieldset); its hint and error elements add `-hint` and `-error`. */
export function useFieldId(name: string): string {
  return `${useContext(IdPrefix)}-${name}`;
}

interface SiteFormProps {
  /** The form element's id ('application-form', 'inquiry-form'; the form script names the form by it in analytics). */
  id: string;
  /** The prefix of its fields' ids ('apply'): `apply-email`, `apply-summary`. */
  idPrefix: string;
  /** The id of the heading that names the form. */
  labelledBy: string;
  /** The Edge Function it posts to. */
  action: string;
  /** Multipart (a file is sent); urlencoded otherwise. */
  multipart?: boolean;
  /** What is sent, in the visitor's words: "application", "request". */
  noun: string;
  /**
   * The form function's messages (its shared contract): what the enhanced form says when the post itself fails,
   * and, under a field's name, what that field says when it is missing or malformed.
   */
  messages: PostMessages & FieldMessages;
  /** Upload progress while sending (worth it when a file goes with the form). */
  progress?: boolean;
  submitLabel: string;
  /** The agency's phone, offered in the error summary. */
  phone: Site['phone'];
  /**
   * The line before the send button that sending agrees to the privacy notice. A form whose own consent box
   * (AgreeBox) links to the notice leaves it out: the box asks, and a second, implied agreement would blur it.
   */
  privacyLine?: boolean;
  children: ReactNode;
}

export function SiteForm({ id, idPrefix, labelledBy, action, multipart = false, noun, messages, progress = false, submitLabel, phone, privacyLine = true, children }: SiteFormProps) {
  return (
    <IdPrefix.Provider value={idPrefix}>
      <Messages.Provider value={messages}>
        <form
          id={id}
          css={formStyle}
          method="post"
          encType={multipart ? 'multipart/form-data' : undefined}
          action={action}
          acceptCharset="utf-8"
          aria-labelledby={labelledBy}
          className={NO_CAPTURE_CLASS}
          data-site-form=""
          data-sending={`Sending your ${noun}`}
          data-failed={messages.failed}
          data-too-large={messages.tooLarge}
          data-rate-limited={messages.rateLimited}
        >
          <div id={`${idPrefix}-summary`} className="summary" role="alert" tabIndex={-1} hidden data-summary="">
            <h3>{toTitleCase(`Your ${noun} was not sent`)}</h3>
            <p data-summary-message="" />
            <ul data-summary-list="" />
            <p>
              Everything you typed is still here. You can also call us at{' '}
              <a {...telLink(phone.e164, 'form_error')} className="nowrap">
                {phone.display}
              </a>
              .
            </p>
          </div>

          {children}

          {/* A trap for bots: people never see or reach it; a post that fills it in is dropped. */}
          <div className="trap" aria-hidden="true">
            <label htmlFor={`${idPrefix}-${FORM_GUARD.honeypot}`}>Leave this field empty</label>
            <input id={`${idPrefix}-${FORM_GUARD.honeypot}`} name={FORM_GUARD.honeypot} type="text" tabIndex={-1} autoComplete="off" />
          </div>
          {/* Disabled, so not sent, until the enhancement script sets it: without JavaScript it is absent. */}
          <input type="hidden" name={FORM_GUARD.fillToken} disabled />

          {privacyLine ? (
            <p className="consent">
              By sending this {noun} you agree to our <a {...privacyLink()}>privacy notice</a>.
            </p>
          ) : null}
          <button type="submit" css={buttonCss('primary')} data-submit="">
            <Icon name="send" size={20} /> {submitLabel}
          </button>
          {progress ? (
            <div className="progress" hidden data-progress="">
              <progress max={100} value={0} aria-label={`Sending your ${noun}`} />
            </div>
          ) : null}
          <p className="status" role="status" data-status="" />
        </form>
      </Messages.Provider>
    </IdPrefix.Provider>
  );
}

interface FieldProps {
  name: string;
  label: string;
  hint?: string | undefined;
  /** Renders the control with the id, description and message it must carry. */
  children: (control: { id: string; 'aria-describedby': string; 'data-message': string | undefined }) => ReactNode;
}

/** A label, the control, an optional hint and the error element the control points at. */
export function Field({ name, label, hint, children }: FieldProps) {
  const id = useFieldId(name);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Hint id={id} hint={hint} />
      {children({ id, 'aria-describedby': describedBy(id, hint), 'data-message': useMessage(name) })}
      <ErrorFor id={id} name={name} />
    </div>
  );
}

const describedBy = (id: string, hint: string | undefined) => [hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');

function Hint({ id, hint }: { id: string; hint: string | undefined }) {
  return hint ? (
    <p id={`${id}-hint`} className="hint">
      {hint}
    </p>
  ) : null;
}

/** Where the function's (or the script's) message about a field appears. */
function ErrorFor({ id, name }: { id: string; name: string }) {
  return <p id={`${id}-error`} className="error" data-error-for={name} />;
}

interface TextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete: string;
  maxLength: number;
  /** Required unless said otherwise. */
  required?: boolean;
  hint?: string;
  pattern?: string;
  title?: string;
}

export function TextField({ name, label, type = 'text', autoComplete, maxLength, required = true, hint, pattern, title }: TextFieldProps) {
  return (
    <Field name={name} label={label} hint={hint}>
      {(control) => (
        <input
          {...control}
          name={name}
          type={type}
          autoComplete={autoComplete}
          maxLength={maxLength}
          required={required}
          pattern={pattern}
          title={title}
          {...(type === 'text' ? { autoCapitalize: 'words', spellCheck: false } : {})}
        />
      )}
    </Field>
  );
}

interface PhoneFieldProps {
  maxLength: number;
  /** What the browser says when the format is wrong (the function's own message). */
  message: string;
  required?: boolean;
}

/** A phone number: the characters the functions accept (they also count its digits, 10 to 15). */
export function PhoneField({ maxLength, message, required = true }: PhoneFieldProps) {
  return (
    <TextField
      name="phone"
      type="tel"
      label="Phone"
      autoComplete="tel"
      maxLength={maxLength}
      required={required}
      hint="Include the area code."
      pattern={'\\+?[0-9\\s\\(\\)\\.\\-]{7,}'}
      title={message}
    />
  );
}

/** A link to the privacy notice from a form (the same analytics source wherever in the form it is). */
export const privacyLink = () => pageLink('/privacy', 'form_consent');

interface AgreeBoxProps {
  name: string;
  /** What the ticked box sends (the version of its words). */
  value: string;
  /** What the visitor agrees to. */
  label: string;
  /** The line under the box (its description): what it covers, with a link where it helps. */
  details: ReactNode;
}

/**
 * One box that must be ticked to send the form (a consent), with the line that explains it and its error element
 * under it, both its description. Required in HTML; the function refuses a post without it all the same.
 */
export function AgreeBox({ name, value, label, details }: AgreeBoxProps) {
  const id = useFieldId(name);
  return (
    <div className="field agree">
      <label htmlFor={id}>
        <input id={id} type="checkbox" name={name} value={value} required aria-describedby={`${id}-hint ${id}-error`} data-message={useMessage(name)} /> {label}
      </label>
      <p id={`${id}-hint`} className="hint">
        {details}
      </p>
      <ErrorFor id={id} name={name} />
    </div>
  );
}

type Choices = ReadonlyArray<{ code: string; label: string }>;

interface ChoiceFieldProps {
  name: string;
  label: string;
  hint?: string | undefined;
  /** The first option: disabled until a choice is made when required; the empty answer ('Any time') otherwise. */
  placeholder: string;
  choices: Choices;
  defaultValue?: string | undefined;
  required?: boolean;
}

/** A select of choices. */
export function ChoiceField({ name, label, hint, placeholder, choices, defaultValue, required = true }: ChoiceFieldProps) {
  return (
    <Field name={name} label={label} hint={hint}>
      {(control) => (
        <select {...control} name={name} required={required} defaultValue={defaultValue ?? ''}>
          <option value="" disabled={required}>
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

interface ChoiceGroupProps {
  name: string;
  legend: string;
  /** One answer (radio buttons) or any number (checkboxes). */
  type: 'radio' | 'checkbox';
  choices: Choices;
  required?: boolean;
  /** A long list: folded away under this summary until opened (a phone's screen stays short). */
  folded?: string;
  /** The choices that start ticked; a folded list with one of them starts open, so the tick shows. */
  checked?: readonly string[];
}

/** Radio buttons or checkboxes in a fieldset, each a 48 px row, with the group's error element. */
export function ChoiceGroup({ name, legend, type, choices, required = false, folded, checked = [] }: ChoiceGroupProps) {
  const id = useFieldId(name);
  const options = (
    <div className="options">
      {choices.map((choice) => (
        <label key={choice.code}>
          <input type={type} name={name} value={choice.code} required={required} defaultChecked={checked.includes(choice.code)} /> {choice.label}
        </label>
      ))}
    </div>
  );
  return (
    // A radiogroup may be marked invalid (aria-invalid); the summary's link points at it.
    <fieldset id={id} className="checks" role={type === 'radio' ? 'radiogroup' : undefined} aria-describedby={`${id}-error`} data-message={useMessage(name)}>
      <legend>{legend}</legend>
      {folded ? (
        <details open={choices.some((choice) => checked.includes(choice.code))}>
          <summary>{folded}</summary>
          {options}
        </details>
      ) : (
        options
      )}
      <ErrorFor id={id} name={name} />
    </fieldset>
  );
}

const formStyle = css`
  /* minmax(0, 1fr): a select is as wide as its longest option, and must not widen the form past a phone's screen. */
  &, .pair { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1.25rem; }
  &[hidden] { display: none; }
  /*
   * Two fields side by side, where one has a hint, share their rows (a subgrid): label, hint, box, message. A
   * hint that wraps to two lines in one field moves both boxes down together, so the boxes always line up.
   */
  .pair { ${mq.tablet} { grid-template-columns: repeat(2, minmax(0, 1fr)); align-items: start; } }
  .pair:has(.hint) {
    ${mq.tablet} {
      row-gap: 0.3rem;
      & > .field { grid-row: span 4; grid-template-rows: subgrid; }
      & > .field:nth-child(n + 3) > label { margin-top: 0.95rem; }
      & > .field > label { grid-row: 1; }
      & > .field > .hint { grid-row: 2; }
      & > .field > :not(label, .hint, .error) { grid-row: 3; }
      & > .field > .error { grid-row: 4; }
    }
  }
  .field { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.3rem; align-content: start; }
  label, legend { font-weight: 650; }
  .hint { margin: 0; color: ${color.muted}; font-size: 1rem; }
  & :where(input:not([type='checkbox']):not([type='radio']):not([type='file'])), select, textarea {
    display: block; width: 100%; min-height: 48px; padding: 0.55rem 0.8rem; border: 2px solid ${color.control};
    border-radius: 10px; background: ${color.white}; color: ${color.ink}; font: inherit; font-size: 1.125rem; line-height: 1.4;
  }
  /* Its height is its rows'. */
  textarea { resize: vertical; }
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
  fieldset { margin: 0; padding: 0; border: 0; min-width: 0; display: grid; gap: 0.3rem; }
  legend { padding: 0; margin-bottom: 0.3rem; }
  .checks label { display: flex; align-items: center; gap: 0.75rem; min-height: 48px; font-weight: 400; cursor: pointer; }
  .checks input { flex: none; width: 1.5rem; height: 1.5rem; margin: 0; accent-color: ${color.brand}; }
  .options { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(12rem, 100%), 1fr)); column-gap: 1rem; }
  summary {
    display: list-item; min-height: 48px; padding: 0.6rem 0.9rem; border: 2px solid ${color.brand}; border-radius: 10px;
    color: ${color.brand}; font-weight: 650; cursor: pointer;
  }
  details[open] summary { margin-bottom: 0.5rem; }
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
  /* The box on the first line of its words; the line under it and its message start under the words. */
  .agree label { display: flex; align-items: flex-start; gap: 0.75rem; min-height: 48px; cursor: pointer; }
  .agree input { flex: none; width: 1.5rem; height: 1.5rem; margin: 0.1rem 0 0; accent-color: ${color.brand}; }
  .agree input[aria-invalid='true'] { outline: 3px solid ${color.danger}; outline-offset: 2px; }
  .agree .hint, .agree .error { padding-left: 2.25rem; }
  button { width: 100%; min-height: 52px; padding-inline: 1.75rem; font: inherit; font-weight: 650; cursor: pointer; ${mq.tablet} { width: auto; justify-self: start; } }
  button[aria-disabled='true'] { opacity: 0.7; cursor: progress; }
  .progress progress { width: 100%; height: 1rem; accent-color: ${color.brand}; }
  .status { margin: 0; font-weight: 650; }
  .status:empty { display: none; }
  .trap { position: absolute; left: -10000px; top: auto; width: 1px; height: 1px; overflow: hidden; }
`;
