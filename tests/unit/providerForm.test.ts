/** The agency's HubSpot form: when it counts as configured, and where its embed script comes from. */
import { describe, expect, test } from 'vitest';
import { embedScriptUrl } from '../../src/forms/mountProviderForm.ts';
import { providerContactForm } from '../../src/forms/provider.ts';

const forms = { region: 'na2', portalId: '12345678', contactFormId: '3f9c2b7e-5d41-4a8e-9b6f-0e7d13c5a284', careersFormId: '00000000-0000-4000-8000-000000000002' };

describe('the provider form', () => {
  test('is configured only when the portal and the contact form have real ids', () => {
    expect(providerContactForm({ forms })).toEqual({ region: 'na2', portalId: '12345678', formId: forms.contactFormId });
    expect(providerContactForm({ forms: { ...forms, portalId: '00000000' } })).toBeNull();
    expect(providerContactForm({ forms: { ...forms, contactFormId: '00000000-0000-4000-8000-000000000001' } })).toBeNull();
  });

  test("loads HubSpot's embed script from the plain host for na1 and from the region's host otherwise", () => {
    expect(embedScriptUrl('na1')).toBe('https://js.hsforms.net/forms/embed/v2.js');
    expect(embedScriptUrl('na2')).toBe('https://js-na2.hsforms.net/forms/embed/v2.js');
    expect(embedScriptUrl('eu1')).toBe('https://js-eu1.hsforms.net/forms/embed/v2.js');
  });
});
