/**
 * The extra sections of a service written as `.mdx`. The MDX bodies are compiled by Vite at build time and
 * rendered on the server only, with the components that src/content/schemas/mdx.ts allows.
 */
import { css } from '@emotion/react';
import type { MDXComponents } from 'mdx/types';
import type { ComponentType, ReactNode } from 'react';
import { pageLink, serviceLink } from '../../analytics/links.ts';
import { fillTokens } from '../../content/identityTokens.ts';
import type { MdxComponentName } from '../../content/schemas/mdx.ts';
import { FIXED_ROUTES } from '../../routes.ts';
import { color, layout, mq } from '../../theme.ts';
import { Icon } from '../Icon.tsx';

const bodies = import.meta.glob<{ default: ComponentType<{ components?: MDXComponents }> }>('/content/services/*.mdx', { eager: true });

function Section({ title, icon, children }: { title: string; icon?: string; children: ReactNode }) {
  return (
    <section css={sectionStyle}>
      <h2>
        {icon ? <Icon name={icon} size={28} /> : null}
        {title}
      </h2>
      {children}
    </section>
  );
}

function Callout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <aside css={calloutStyle} aria-label={title}>
      <p className="title">
        <Icon name="info" size={22} /> {title}
      </p>
      {children}
    </aside>
  );
}

/** A Markdown link in the text: one to another page of the site is tracked like the site's other links. */
function Link({ href = '', children }: { href?: string; children?: ReactNode }) {
  const tracked = !/^\/[\w-]*$/.test(href) ? { href } : (FIXED_ROUTES as readonly string[]).includes(href) ? pageLink(href, 'service_text') : serviceLink(href, 'service_text');
  return <a {...tracked}>{children}</a>;
}

const components: Record<MdxComponentName, ComponentType<never>> & MDXComponents = { Section, Callout, a: Link };

/**
 * The identity tokens of a body, ((site.name)) ..., with content/site.yaml's values: in the text they are compiled
 * to <Identity token="..."> (src/content/identityTokens.ts); in a component's title they are filled in here.
 */
function withIdentity(identity: Readonly<Record<string, string>>): MDXComponents {
  return {
    ...components,
    Identity: ({ token }: { token: string }) => identity[token] ?? token,
    Section: (props: Parameters<typeof Section>[0]) => <Section {...props} title={fillTokens(props.title, identity)} />,
    Callout: (props: Parameters<typeof Callout>[0]) => <Callout {...props} title={fillTokens(props.title, identity)} />,
  };
}

export function MdxSections({ slug, identity }: { slug: string; identity: Readonly<Record<string, string>> }) {
  const Body = bodies[`/content/services/${slug}.mdx`]?.default;
  if (!Body) throw new Error(`content/services/${slug}.mdx was not compiled: restart the build`);
  return (
    <div css={wrapStyle}>
      <Body components={withIdentity(identity)} />
    </div>
  );
}

const wrapStyle = css`
  display: grid; gap: 1.5rem;
  ${mq.desktop} { grid-template-columns: repeat(2, 1fr); }
`;

const sectionStyle = css`
  padding: 1.5rem; border: 1px solid ${color.line}; border-radius: ${layout.radius}; background: ${color.white};
  h2 { display: flex; align-items: center; gap: 0.6rem; font-size: 1.45rem; }
  h2 svg { color: ${color.brand}; flex: none; }
  ul { padding-left: 1.25rem; margin: 0 0 1em; }
  li { margin: 0.3rem 0; }
  & > :last-child { margin-bottom: 0; }
`;

const calloutStyle = css`
  padding: 1.25rem 1.5rem; border-left: 6px solid ${color.accent}; border-radius: ${layout.radius}; background: #fdf1e8;
  .title { display: flex; align-items: center; gap: 0.5rem; font-weight: 700; margin-bottom: 0.4rem; }
  .title svg { color: ${color.accent}; }
  & > :last-child { margin-bottom: 0; }
  ${mq.desktop} { grid-column: 1 / -1; }
`;
