/**
 * The top of a page: an optional badge or icon, the page's one h1, its lead paragraph, actions, and the
 * page's picture: beside the words on a wide screen, under them on a phone. The picture is the first thing
 * the page fetches (`priority`); its width and height hold its place while it loads.
 */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import type { ContentImageRef } from '../content/schemas/image.ts';
import { color, mq } from '../theme.ts';
import { Container } from './Container.tsx';
import { ContentImage } from './ContentImage.tsx';

interface Props {
  title: string;
  lead: string;
  /** A short line in a pill above the heading, e.g. the licence. */
  badge?: ReactNode;
  /** Something shown above the heading instead of a badge, e.g. the service's icon. */
  mark?: ReactNode;
  image?: ContentImageRef;
  /** The id of the h1, which names the section. */
  titleId?: string;
  /**
   * `section` (the default): the hero is a region of the page, named by its h1. `header`: the hero is the heading
   * part of an <article> (the service template), so the h1 is the article's own heading and not one of a section
   * nested in it, which the HTML checker warns about; the article is then the one named by the h1.
   */
  as?: 'section' | 'header';
  children?: ReactNode;
}

export function PageHero({ title, lead, badge, mark, image, titleId = 'page-title', as: Element = 'section', children }: Props) {
  return (
    <Element css={heroStyle} {...(Element === 'section' ? { 'aria-labelledby': titleId } : {})}>
      <Container>
        <div css={[gridStyle, image && withPictureStyle]}>
          <div className="words">
            {mark}
            {badge ? <p className="badge">{badge}</p> : null}
            <h1 id={titleId}>{title}</h1>
            <p className="lead">{lead}</p>
            {children}
          </div>
          {image ? <ContentImage image={image} sizes="(min-width: 64rem) 30rem, (min-width: 40rem) 28rem, 92vw" priority className="picture" /> : null}
        </div>
      </Container>
    </Element>
  );
}

export const heroBackground = css`
  background: radial-gradient(circle at 88% 8%, #fbe3cf 0, transparent 45%), linear-gradient(180deg, ${color.brandTint}, ${color.paper});
`;

const heroStyle = css`
  ${heroBackground};
  padding: clamp(2.5rem, 7vw, 5rem) 0 clamp(2rem, 5vw, 3.5rem);
  .lead { font-size: clamp(1.15rem, 2.4vw, 1.3rem); color: ${color.muted}; }
  .badge {
    display: inline-flex; align-items: center; gap: 0.4rem; padding: 0.35rem 0.9rem; border-radius: 999px;
    background: ${color.white}; border: 1px solid ${color.line}; color: ${color.brandDark}; font-weight: 700; font-size: 1rem;
  }
`;

const gridStyle = css`
  .words { max-width: 48rem; }
  .words > :last-child { margin-bottom: 0; }
`;

/** Words and picture side by side from a tablet up; on a phone the picture follows the words, not too tall. */
const withPictureStyle = css`
  display: grid; gap: 1.5rem 3rem; align-items: center;
  .picture { display: block; width: 100%; max-width: 26rem; height: auto; margin: 0 auto; }
  ${mq.tablet} {
    grid-template-columns: minmax(0, 1.25fr) minmax(0, 1fr);
    .picture { max-width: 34rem; }
  }
`;
