/**
 * What the body of a service `.mdx` file may use besides Markdown: these components and their attributes.
 * The loader checks each file against this list; pages/service/ supplies the components.
 */
export const MDX_COMPONENTS = {
  /** <Section title="Door-to-door service" icon="car-front"> Markdown </Section>: a titled section. */
  Section: { required: ['title'], optional: ['icon'] },
  /** <Callout title="Please book ahead"> Markdown </Callout>: an important note, set apart. */
  Callout: { required: ['title'], optional: [] },
} as const satisfies Record<string, { required: readonly string[]; optional: readonly string[] }>;

export type MdxComponentName = keyof typeof MDX_COMPONENTS;
