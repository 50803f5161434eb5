// The 404 page (prerendered to dist/client/404.html). The static server logs each missing path it answers.
import { css } from '@emotion/react';
import { pageLink } from '../../src/analytics/links.ts';
import { ButtonLink } from '../../src/components/Button.tsx';
import { Container } from '../../src/components/Container.tsx';
import { Icon } from '../../src/components/Icon.tsx';
import { color, font } from '../../src/theme.ts';

export default function Page() {
  return (
    <section css={style} aria-labelledby="not-found-title">
      <Container>
        <p className="code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title">
          <span className="visually-hidden">404: </span>Oops! Page Not Found
        </h1>
        <p>The page you were looking for has moved or never existed. Everything we offer is one click away from the home page.</p>
        <ButtonLink {...pageLink('/', 'not_found')}>
          <Icon name="house" size={20} /> Return to Home
        </ButtonLink>
      </Container>
    </section>
  );
}

const style = css`
  padding: clamp(3rem, 10vw, 7rem) 0; text-align: center;
  p { color: ${color.muted}; max-width: 34rem; margin-left: auto; margin-right: auto; }
  /* The numeral keeps the paragraphs' auto side margins (a plain margin: 0 put its box at the left). */
  .code {
    font-family: ${font.heading}; font-size: clamp(4rem, 18vw, 8rem); font-weight: 600; line-height: 1;
    color: ${color.brand}; margin-top: 0; margin-bottom: 0.5rem; font-variant-numeric: lining-nums;
  }
`;
