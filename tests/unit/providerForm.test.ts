/** The agency's HubSpot form: when it counts as configured, and where its embed script comes from. */
import { describe, expect, test } from 'vitest';
import { embedScriptUrl } from '../../src/forms/mountProviderForm.ts';
import type { Content } from '../../src/content/content.ts';
import { providerContactForm } from '../../src/forms/provider.ts';

const forms = { region: 'na2', portalId: '12345678', contactFormId: '3f9c2b7e-5d41-4a8e-9b6f-0e7d13c5a284', careersFormId: '6a1d2c3b-4e5f-4a8e-9b6f-0e7d13c5a285' };
const site = { forms } as Content['site'];
/** site.yaml with the value at `path` marked !placeholder. */
const marked = (...path: string[]) => [{ file: 'content/site.yaml', line: 1, column: 1, path, value: 'x' }];

describe('the provider form', () => {
  test('is configured only when site.yaml gives the ids and marks none of them a placeholder', () => {
    expect(providerContactForm({ site, placeholders: [] })).toEqual({ region: 'na2', portalId: '12345678', formId: forms.contactFormId });
    expect(providerContactForm({ site, placeholders: marked('forms', 'portalId') })).toBeNull();
    expect(providerContactForm({ site, placeholders: marked('forms', 'contactFormId') })).toBeNull();
    expect(providerContactForm({ site: { ...site, forms: undefined }, placeholders: [] })).toBeNull();
    // A placeholder elsewhere in site.yaml (the careers form's id, which nothing mounts), or the same path in
    // another file, is not the contact form's.
    expect(providerContactForm({ site, placeholders: [...marked('phone'), ...marked('forms', 'careersFormId'), { ...marked('forms', 'portalId')[0]!, file: 'content/pages/about.yaml' }] })).not.toBeNull();
  });

  test("loads HubSpot's embed script from the plain host for na1 and from the region's host otherwise", () => {
    expect(embedScriptUrl('na1')).toBe('https://js.hsforms.net/forms/embed/v2.js');
    expect(embedScriptUrl('na2')).toBe('https://js-na2.hsforms.net/forms/embed/v2.js');
    expect(embedScriptUrl('eu1')).toBe('https://js-eu1.hsforms.net/forms/embed/v2.js');
  });
});
