// /services: why families choose the agency, the 8-service grid, the way to all services, how it works, a call to action.
import { ButtonLink } from '../../src/components/Button.tsx';
import { CallToAction } from '../../src/components/CallToAction.tsx';
import { HowItWorks } from '../../src/components/HowItWorks.tsx';
import { Icon } from '../../src/components/Icon.tsx';
import { IconCards } from '../../src/components/IconCards.tsx';
import { PageHero } from '../../src/components/PageHero.tsx';
import { Section } from '../../src/components/Section.tsx';
import { ServiceGrid } from '../../src/components/ServiceGrid.tsx';
import type { Data } from './+data.ts';

export default function Page({ copy, phone, services, howItWorks }: Data) {
  return (
    <>
      <PageHero title={copy.hero.title} lead={copy.hero.lead} image={copy.hero.image}>
        <ButtonLink href="#services">
          <Icon name="arrow-down" size={20} /> See our services
        </ButtonLink>
      </PageHero>
      <Section id="why-choose" heading={copy.whyChoose.heading} intro={copy.whyChoose.intro}>
        <IconCards cards={copy.whyChoose.points} columns={3} />
      </Section>
      <Section id="services" heading={copy.grid.heading} intro={copy.grid.intro} tint>
        <ServiceGrid services={services} />
      </Section>
      <HowItWorks copy={howItWorks} />
      <CallToAction heading={copy.callToAction.heading} intro={copy.callToAction.intro} phone={phone} />
    </>
  );
}

