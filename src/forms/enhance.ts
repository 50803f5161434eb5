/**
 * The application form, enhanced (the only script of the public site; it loads only on pages with the form).
 * Without it the form still posts and the function answers with a redirect. With it: the resume is checked
 * before anything is sent, the form goes by XMLHttpRequest (for upload progress) asking for JSON, and the
 * function's messages appear next to their fields and in the summary at the top. What the applicant typed
 * stays in the form whatever happens. Vanilla TypeScript, built on its own by scripts/lib/buildFormScript.ts;
 * keep it under 3 KB gzipped (tests/unit/build.test.ts measures it).
 */
import { APPLICATION_FIELDS, APPLICATION_LIMITS, APPLICATION_MESSAGES, type ApplicationResponse } from '../../supabase/functions/_shared/application.ts';

type Errors = Record<string, string>;

const form = document.querySelector<HTMLFormElement>('form[data-application-form]');
if (form) enhance(form);

function enhance(form: HTMLFormElement) {
  const find = <T extends Element>(selector: string) => form.querySelector<T>(selector)!;
  const summary = find<HTMLElement>('[data-summary]');
  const summaryMessage = find<HTMLElement>('[data-summary-message]');
  const summaryList = find<HTMLElement>('[data-summary-list]');
  const submit = find<HTMLButtonElement>('[data-submit]');
  const progressBox = find<HTMLElement>('[data-progress]');
  const progress = find<HTMLProgressElement>('progress');
  const status = find<HTMLElement>('[data-status]');
  const resume = form.elements.namedItem(APPLICATION_FIELDS.resume) as HTMLInputElement;
  const startedAt = form.elements.namedItem(APPLICATION_FIELDS.startedAt) as HTMLInputElement;
  let sending = false;

  startedAt.value = String(Date.now());
  startedAt.disabled = false;

  const control = (name: string) => form.elements.namedItem(name) as HTMLElement | null;
  const errorElement = (name: string) => form.querySelector<HTMLElement>(`[data-error-for="${name}"]`);

  function setFieldError(name: string, message: string) {
    const element = errorElement(name);
    if (element) element.textContent = message;
    control(name)?.setAttribute('aria-invalid', 'true');
  }

  function clearFieldError(name: string) {
    const element = errorElement(name);
    if (element) element.textContent = '';
    control(name)?.removeAttribute('aria-invalid');
    const item = summaryList.querySelector(`[data-for="${name}"]`);
    // The last field put right: the summary has nothing left to say (a failure's message stays until resent).
    if (item) {
      item.remove();
      summary.hidden = !summaryList.childElementCount;
    }
  }

  /** Shows every problem: each field's message beside it and as a link in the summary, which takes the focus. */
  function showErrors(errors: Errors, message = '') {
    for (const element of form.querySelectorAll('[aria-invalid]')) clearFieldError((element as HTMLInputElement).name);
    summaryMessage.textContent = message;
    summaryList.replaceChildren(
      ...Object.entries(errors).map(([name, text]) => {
        setFieldError(name, text);
        const item = document.createElement('li');
        const target = control(name);
        item.dataset.for = name;
        if (target?.id) {
          const link = document.createElement('a');
          link.href = `#${target.id}`;
          link.textContent = text;
          link.onclick = (event) => {
            event.preventDefault();
            target.focus();
            form.querySelector(`label[for="${target.id}"]`)?.scrollIntoView({ block: 'center' });
          };
          item.append(link);
        } else item.textContent = text;
        return item;
      }),
    );
    summary.hidden = false;
    summary.focus();
  }

  /** The resume problem the function would report, found before uploading anything. */
  function resumeProblem(): string | undefined {
    const file = resume.files?.[0];
    if (!file) return undefined;
    if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return APPLICATION_MESSAGES.resumeNotPdf;
    if (file.size > APPLICATION_LIMITS.resumeBytes) return APPLICATION_MESSAGES.resumeTooLarge;
    return undefined;
  }

  function setSending(on: boolean) {
    sending = on;
    // aria-disabled rather than disabled: the button keeps the focus, and the flag refuses a second submit.
    submit.setAttribute('aria-disabled', String(on));
    progressBox.hidden = !on;
    if (on) showProgress(0);
    else status.textContent = '';
  }

  let shownStep = -1;
  function showProgress(fraction: number) {
    const percent = Math.round(fraction * 100);
    progress.value = percent;
    // Announced (role=status) in steps of 10%, so that a screen reader is not flooded.
    const step = Math.floor(percent / 10);
    if (step !== shownStep || percent === 0) status.textContent = `Sending your application: ${step * 10}%`;
    shownStep = step;
  }

  function fail(status: number, body: ApplicationResponse | null) {
    setSending(false);
    if (body && !body.ok && body.errors && Object.keys(body.errors).length) return showErrors(body.errors as Errors, body.message);
    const fallback = status === 413 ? APPLICATION_MESSAGES.tooLarge : status === 429 ? APPLICATION_MESSAGES.rateLimited : APPLICATION_MESSAGES.failed;
    showErrors({}, (body && !body.ok && body.message) || fallback);
  }

  form.addEventListener('input', (event) => clearFieldError((event.target as HTMLInputElement).name));
  form.addEventListener('change', (event) => {
    const name = (event.target as HTMLInputElement).name;
    clearFieldError(name);
    const problem = name === APPLICATION_FIELDS.resume && resumeProblem();
    if (problem) setFieldError(name, problem);
  });

  // The browser has checked the required fields and formats by the time this runs.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (sending) return;
    const problem = resumeProblem();
    if (problem) return showErrors({ [APPLICATION_FIELDS.resume]: problem });

    const request = new XMLHttpRequest();
    request.open('POST', form.action);
    request.setRequestHeader('Accept', 'application/json');
    request.responseType = 'json';
    request.upload.onprogress = (e) => e.lengthComputable && showProgress(e.loaded / e.total);
    request.onload = () => {
      const body = request.response as ApplicationResponse | null;
      if (request.status === 201 && body?.ok) {
        showProgress(1);
        status.textContent = 'Sent. Opening the confirmation page.';
        location.assign(body.redirect);
      } else fail(request.status, body);
    };
    request.onerror = request.ontimeout = request.onabort = () => fail(0, null);
    setSending(true);
    request.send(new FormData(form));
  });
}
