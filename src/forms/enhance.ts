/**
 * The public site's one script, loaded only on pages with a form (the job application; the contact card of the
 * home page and /contact). Without it every form still posts and its function answers with a redirect. With
 * it: the form is marked novalidate (the browser's bubble names one field, and goes at the next touch) and
 * checked before anything is sent: every missing or malformed answer (the constraint validation API), a resume's
 * type and size and a way to reply get, beside their field, the message the function would give, which stays until
 * the field is right, and the focus goes to the first. It goes by XMLHttpRequest asking for JSON (with upload
 * progress where the form shows it), and the function's messages appear beside their fields and in the
 * summary at the top, which takes the focus. What the visitor typed
 * stays in the form whatever happens. The words it shows and the limits it checks are in the form's data-*
 * attributes (FormFields.tsx), so it serves every form without carrying their words. On a contact card with
 * a real HubSpot form configured, it also mounts that form (mountProviderForm.ts). Each post's outcome goes to
 * analytics as form_submitted (through bridge.ts: nothing happens without the analytics script).
 * Each post also carries where the visit began (visitOrigin below; never a cookie, never sent to analytics).
 * Vanilla TypeScript, built on its own by scripts/generator/buildFormScript.ts; keep it under 3 KB gzipped
 * (tests/unit/build.test.ts measures it).
 */
import type { FormResponse } from '../../supabase/functions/_shared/formFunction.ts';
import { FORM_GUARD } from '../../supabase/functions/_shared/formPost.ts';
import { ORIGIN_FIELDS } from '../../supabase/functions/_shared/leadOrigin.ts';
import { emitTrack } from '../analytics/bridge.ts';
import type { EventProperties } from '../analytics/events.ts';
import { mountProviderForm } from './mountProviderForm.ts';

type Errors = Record<string, string>;

/**
 * Where this visit came from, kept for the tab's session in sessionStorage (never a cookie): the first page of the
 * visit that ran this script, or the page of the site the visitor came to it from (a service page reached from a
 * newsletter's link has no form, so no script; its address, campaign tags and all, is this page's referrer), and the
 * host of the other site that sent the visitor. The function reads the campaign tags from the page and keeps no other
 * part of its query (supabase/functions/_shared/leadOrigin.ts).
 */
function visitOrigin(): [landing: string, host: string] {
  try {
    const kept = sessionStorage.getItem('lead-origin');
    if (kept) return JSON.parse(kept) as [string, string];
  } catch {
    // Storage refused (a private window may): this page's own origin goes.
  }
  let found: [string, string] = [location.pathname + location.search, ''];
  try {
    const from = new URL(document.referrer);
    found = from.origin === location.origin ? [from.pathname + from.search, ''] : [found[0], from.hostname];
  } catch {
    // No referrer: arrived directly.
  }
  try {
    sessionStorage.setItem('lead-origin', JSON.stringify(found));
  } catch {
    // As above.
  }
  return found;
}
const [landingPage, referrerHost] = visitOrigin();

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-site-form]')) enhance(form);
const card = document.querySelector<HTMLElement>('[data-form-provider]');
if (card) mountProviderForm(card);

function enhance(form: HTMLFormElement) {
  form.noValidate = true;
  const find = <T extends Element>(selector: string) => form.querySelector<T>(selector);
  const summary = find<HTMLElement>('[data-summary]')!;
  const summaryMessage = find<HTMLElement>('[data-summary-message]')!;
  const summaryList = find<HTMLElement>('[data-summary-list]')!;
  const submit = find<HTMLButtonElement>('[data-submit]')!;
  const status = find<HTMLElement>('[data-status]')!;
  const progressBox = find<HTMLElement>('[data-progress]');
  const progress = progressBox?.querySelector('progress');
  const file = find<HTMLInputElement>('input[type=file]');
  /** A group of fields of which at least one must be answered (a phone number or an e-mail address). */
  const replyWay = find<HTMLElement>('[data-reply-way]');
  const answers = replyWay ? [...replyWay.querySelectorAll('input')] : [];
  const words = form.dataset;
  // The form's id names it: 'application-form', 'inquiry-form' (ApplicationForm.tsx, InquiryForm.tsx).
  const submitted = (outcome: EventProperties['form_submitted']['outcome']) =>
    emitTrack('form_submitted', { form: form.id === 'application-form' ? 'application' : 'inquiry', outcome });
  const fillToken = form.elements.namedItem(FORM_GUARD.fillToken) as HTMLInputElement;
  let sending = false;

  // The fill-time token, asked for as soon as the page runs this script: the function signs the moment, and
  // checks on its own clock that a person's time has passed when the form comes back. A post sent before it
  // arrives waits for it a little; without it (offline, blocked) the form is still sent.
  const tokenReady = fetch(`${form.action}?fill-token`, { cache: 'no-store', credentials: 'omit' })
    .then((response): Promise<{ token?: string }> | { token?: string } => (response.ok ? response.json() : {}))
    .then(({ token }) => {
      if (!token) return;
      fillToken.value = token;
      fillToken.disabled = false;
      form.dataset.tokenAt = String(performance.now());
    })
    .catch(() => undefined);

  /** The element a field's message is about: its control, or the fieldset of a group of radio buttons. */
  function fieldOf(name: string): HTMLElement | null {
    const item = form.elements.namedItem(name);
    return item instanceof RadioNodeList ? (item[0] as HTMLElement).closest('fieldset') : (item as HTMLElement | null);
  }
  const errorElement = (name: string) => find<HTMLElement>(`[data-error-for="${name}"]`);

  function setFieldError(name: string, message: string) {
    const element = errorElement(name);
    if (element) element.textContent = message;
    fieldOf(name)?.setAttribute('aria-invalid', 'true');
  }

  function clearFieldError(name: string) {
    const element = errorElement(name);
    if (element) element.textContent = '';
    fieldOf(name)?.removeAttribute('aria-invalid');
    const item = summaryList.querySelector(`[data-for="${name}"]`);
    // The last field put right: the summary has nothing left to say (a failure's message stays until resent).
    if (item) {
      item.remove();
      summary.hidden = !summaryList.childElementCount;
    }
  }

  /** Takes the visitor to a field: its control (a group's first choice) has the focus, its label is in view. */
  function goTo(target: HTMLElement) {
    (target.querySelector('input') ?? target).focus();
    (form.querySelector(`label[for="${target.id}"]`) ?? target).scrollIntoView({ block: 'center' });
  }

  /**
   * Shows every problem: each field's message beside it and as a link in the summary, which takes the focus (or,
   * `atField`, the first field does).
   */
  function showErrors(errors: Errors, message = '', atField = false) {
    for (const element of form.querySelectorAll('[aria-invalid]')) clearFieldError((element as HTMLInputElement).name || (element.querySelector('input')?.name ?? ''));
    summaryMessage.textContent = message;
    summaryList.replaceChildren(
      ...Object.entries(errors).map(([name, text]) => {
        setFieldError(name, text);
        const item = document.createElement('li');
        const target = fieldOf(name);
        item.dataset.for = name;
        if (target?.id) {
          const link = document.createElement('a');
          link.href = `#${target.id}`;
          link.textContent = text;
          link.onclick = (event) => {
            event.preventDefault();
            goTo(target);
          };
          item.append(link);
        } else item.textContent = text;
        return item;
      }),
    );
    summary.hidden = false;
    if (atField) goTo(fieldOf(Object.keys(errors)[0]!)!);
    else summary.focus();
  }

  /** What the function would say about the chosen file, found before uploading anything. */
  function fileProblem(): string | undefined {
    const chosen = file?.files?.[0];
    if (!chosen) return undefined;
    const limits = file!.dataset;
    if (chosen.type !== 'application/pdf' && !/\.pdf$/i.test(chosen.name)) return limits.notPdf;
    if (chosen.size > Number(limits.maxBytes)) return limits.tooLarge;
    return undefined;
  }

  /**
   * What the function would say about a control as it stands, or nothing: the chosen file's problem; an answer
   * missing or malformed (the constraint validation API) in the field's words (data-message, FormFields.tsx, or
   * else the browser's); no way to reply at all (said at the group's first field).
   */
  function problemOf(control: HTMLInputElement): string | undefined {
    if (control === file) return fileProblem();
    if (!control.validity.valid) return fieldOf(control.name)?.dataset.message || control.validationMessage;
    if (control === answers[0] && answers.every((input) => !input.value.trim())) return replyWay!.dataset.replyWay;
    return undefined;
  }

  function setSending(on: boolean) {
    sending = on;
    // aria-disabled rather than disabled: the button keeps the focus, and the flag refuses a second submit.
    submit.setAttribute('aria-disabled', String(on));
    if (progressBox) progressBox.hidden = !on;
    if (!on) status.textContent = '';
    else if (progress) showProgress(0);
    else status.textContent = `${words.sending}…`;
  }

  let shownStep = -1;
  function showProgress(fraction: number) {
    const percent = Math.round(fraction * 100);
    progress!.value = percent;
    // Announced (role=status) in steps of 10%, so that a screen reader is not flooded.
    const step = Math.floor(percent / 10);
    if (step !== shownStep || percent === 0) status.textContent = `${words.sending}: ${step * 10}%`;
    shownStep = step;
  }

  function fail(code: number, body: FormResponse<string> | null) {
    setSending(false);
    if (body && !body.ok && body.errors && Object.keys(body.errors).length) return showErrors(body.errors as Errors, body.message);
    const fallback = code === 413 ? words.tooLarge : code === 429 ? words.rateLimited : words.failed;
    showErrors({}, (body && !body.ok && body.message) || fallback);
  }

  // A field's message goes once the field is right, and not before (nothing is said while typing); a chosen file
  // is judged at once. Either way of replying answers the group.
  const recheck = (event: Event) => {
    const target = event.target as HTMLInputElement;
    for (const control of answers.includes(target) ? answers : [target]) {
      const problem = problemOf(control);
      if (!problem || control === file) clearFieldError(control.name);
      if (problem && control === file) setFieldError(control.name, problem);
    }
  };
  form.addEventListener('input', recheck);
  form.addEventListener('change', recheck);

  /** The post, with the visit's origin as the fields leadOrigin.ts reads. */
  function withOrigin(data: FormData): FormData {
    data.set(ORIGIN_FIELDS.landingPage, landingPage);
    if (referrerHost) data.set(ORIGIN_FIELDS.referrerHost, referrerHost);
    return data;
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (sending) return;
    // Every field's problem at once, in the form's order (the first takes the focus).
    const found: Errors = {};
    for (const control of [...form.elements] as HTMLInputElement[]) {
      const problem = control.name && !found[control.name] && problemOf(control);
      if (problem) found[control.name] = problem;
    }
    if (Object.keys(found).length) return showErrors(found, '', true);

    const request = new XMLHttpRequest();
    request.open('POST', form.action);
    request.setRequestHeader('Accept', 'application/json');
    request.responseType = 'json';
    if (progress) request.upload.onprogress = (e) => e.lengthComputable && showProgress(e.loaded / e.total);
    request.onload = () => {
      const body = request.response as FormResponse<string> | null;
      if (request.status === 201 && body?.ok) {
        submitted('sent');
        if (progress) showProgress(1);
        status.textContent = 'Sent. Opening the confirmation page.';
        location.assign(body.redirect);
      } else {
        // Refused by the function (4xx: what was sent, or how often), or it failed.
        submitted(request.status >= 400 && request.status < 500 ? 'invalid' : 'failed');
        fail(request.status, body);
      }
    };
    request.onerror = request.ontimeout = request.onabort = () => {
      submitted('failed');
      fail(0, null);
    };
    setSending(true);
    void Promise.race([tokenReady, new Promise((resolve) => setTimeout(resolve, 3000))]).then(() => request.send(withOrigin(new FormData(form))));
  });
}
