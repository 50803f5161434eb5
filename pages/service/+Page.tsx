// THE service template: all 31 service pages (and any new file in content/services) render through it.
import { css } from '@emotion/react';
import { CallCard } from '../../src/components/service/CallCard.tsx';
import { CardGrid } from '../../src/components/service/CardGrid.tsx';
import { InclusionList } from '../../src/components/service/InclusionList.tsx';
import { MdxSections } from '../../src/components/service/MdxSections.tsx';
import { ServiceHero } from '../../src/components/service/ServiceHero.tsx';
import { Container } from '../../src/components/Container.tsx';
import type { Data } from './+data.ts';

export default function Page({ service, phone, claims }: Data) {
  return (
    <article data-page-id={service.pageId} css={pageStyle}>
      <ServiceHero hero={service.hero} claims={claims} />
      <Container>
        <CardGrid id="what-we-provide" heading="What We Provide" cards={service.features} columns={4} />
        <InclusionList heading="Service Includes" items={service.inclusions} />
        {service.format === 'mdx' ? <MdxSections slug={service.slug} /> : null}
        <CallCard serviceName={service.card.title} phone={phone} slug={service.slug} />
        <CardGrid id="benefits" heading={`Why Families Choose Our ${service.card.title}`} cards={service.benefits} columns={3} />
      </Container>
    </article>
  );
}

const pageStyle = css`
  & > div > section { margin-top: clamp(3rem, 7vw, 5rem); }
`;
