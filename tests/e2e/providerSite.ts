/**
 * The browser tests' second site: the same project built again with real-looking HubSpot ids in site.yaml
 * (tests/e2e/stack.ts), served on its own port, where the contact card mounts the provider's form
 * (tests/e2e/inquiry.spec.ts). The first site keeps the shipped placeholder ids, with which nothing of
 * HubSpot's may load.
 */

/** A portal id and a form id of the shape HubSpot gives; the region is site.yaml's (na2). */
export const PROVIDER_IDS = { region: 'na2', portalId: '12345678', formId: '3f9c2b7e-5d41-4a8e-9b6f-0e7d13c5a284' } as const;

/** site.yaml with the contact form's ids replaced by PROVIDER_IDS. */
export function withProviderIds(siteYaml: string): string {
  const changed = siteYaml.replace(/^(\s+portalId:).*$/m, `$1 "${PROVIDER_IDS.portalId}"`).replace(/^(\s+contactFormId:).*$/m, `$1 ${PROVIDER_IDS.formId}`);
  if (!changed.includes(PROVIDER_IDS.formId) || !changed.includes(PROVIDER_IDS.portalId)) throw new Error('site.yaml has no forms.portalId or forms.contactFormId to replace');
  return changed;
}
