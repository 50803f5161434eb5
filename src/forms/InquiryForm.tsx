/**
 * The site's own contact form, in the form card of the home page and /contact: plain HTML that works with
 * JavaScript off. It posts (urlencoded: no file) to the `submit-inquiry` Edge Function, which answers with a
 * 303 to /contact/thanks or /contact/not-sent#<reason>; src/forms/enhance.ts, when it loads, sends it asking
 * for JSON and shows the function's messages beside the fields instead. Short enough to fill in on a phone in
 * under a minute: a name, a way to reply, who needs care; everything else is optional, and the long list of
 * services is folded away. Last, the box that consents to storing the request's health details (its words and
 * version are content/inquiry-form.yaml's): nothing is sent without it. When the agency's HubSpot form is
 * configured and appears in time, the script shows it in place of this one (FormCard.tsx).
 */
import { INQUIRY_FIELDS, INQUIRY_LIMITS, INQUIRY_MESSAGES } from '../../supabase/functions/_shared/inquiry.ts';
import { AgreeBox, ChoiceField, ChoiceGroup, Field, PhoneField, privacyLink, SiteForm, TextField } from './FormFields.tsx';
import type { InquiryFormProps } from './inquiryFormData.ts';

interface Props extends InquiryFormProps {
  /** The id of the card's heading, which names the form. */
  labelledBy: string;
}

export function InquiryForm({ action, page, careFor, callTimes, services, ticked, heardAbout, consent, phone, labelledBy }: Props) {
  // The schema makes sure the link's words are in the line.
  const at = consent.details.indexOf(consent.privacyLink);
  return (
    <SiteForm id="inquiry-form" idPrefix="inquiry" labelledBy={labelledBy} action={action} noun="request" messages={INQUIRY_MESSAGES} submitLabel="Send request" phone={phone} privacyLine={false}>
      <TextField name="name" label="Your name" autoComplete="name" maxLength={INQUIRY_LIMITS.name} />

      {/* Neither is required on its own; one of them is (the script checks before sending, the function after). */}
      <fieldset aria-describedby="inquiry-reply-hint" data-reply-way={INQUIRY_MESSAGES.replyWay}>
        <legend>How can we reply?</legend>
        <p id="inquiry-reply-hint" className="hint">
          A phone number, an e-mail address, or both.
        </p>
        <div className="pair">
          <PhoneField maxLength={INQUIRY_LIMITS.phone} message={INQUIRY_MESSAGES.phone} required={false} />
          <TextField name="email" type="email" label="E-mail" autoComplete="email" maxLength={INQUIRY_LIMITS.email} required={false} hint="We use it only to reply to you." />
        </div>
      </fieldset>

      <ChoiceGroup name="care_for" legend="Who needs care?" type="radio" choices={careFor} required />

      <TextField name="town" label="Town (optional)" autoComplete="address-level2" maxLength={INQUIRY_LIMITS.town} required={false} />

      <ChoiceGroup name={INQUIRY_FIELDS.services} legend="Services you are interested in (optional)" type="checkbox" choices={services} folded={`Show the ${services.length} services`} checked={ticked} />

      <Field name="message" label="Message (optional)" hint="Anything that helps us prepare: needs, hours, questions.">
        {(control) => <textarea {...control} name="message" rows={4} maxLength={INQUIRY_LIMITS.message} />}
      </Field>

      <ChoiceField name="call_time" label="Best time to call (optional)" placeholder="Any time" choices={callTimes} required={false} />

      {/* Stored with the request for staff and the reports (the function keeps only a listed answer). */}
      {heardAbout.length ? (
        <ChoiceField name={INQUIRY_FIELDS.heardAbout} label="How did you hear about us? (optional)" placeholder="Choose one, if you like" choices={heardAbout} required={false} />
      ) : null}

      <AgreeBox
        name={INQUIRY_FIELDS.consent}
        value={consent.version}
        label={consent.label}
        details={
          <>
            {consent.details.slice(0, at)}
            <a {...privacyLink()}>{consent.privacyLink}</a>
            {consent.details.slice(at + consent.privacyLink.length)}
          </>
        }
      />

      {/* Staff see which page a request came from. */}
      <input type="hidden" name={INQUIRY_FIELDS.page} value={page} />
    </SiteForm>
  );
}
