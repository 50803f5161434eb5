/** The short facts of a job opening (kind of employment, hours, place, pay when given), on its card and on its page. */
import { css } from '@emotion/react';
import type { JobOpening } from '../content/content.ts';
import { color } from '../theme.ts';
import { Icon } from './Icon.tsx';

const employment: Record<JobOpening['employmentTypes'][number], string> = { FULL_TIME: 'Full time', PART_TIME: 'Part time' };

type Pay = NonNullable<JobOpening['pay']>;

const per: Record<Pay['per'], string> = { HOUR: 'an hour', DAY: 'a day', WEEK: 'a week', MONTH: 'a month', YEAR: 'a year' };

/** The pay in plain words: "$18–$22 an hour", "$20 an hour", "$42,000–$48,000 a year" ("$18.50–$22.00" with cents). */
export function payInWords({ min, max = min, per: unit, currency }: Pay): string {
  const cents = !Number.isInteger(min) || !Number.isInteger(max);
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: 2 });
  const amount = max === min ? money.format(min) : `${money.format(min)}–${money.format(max)}`;
  return `${amount} ${per[unit]}`;
}

export function JobFacts({ job }: { job: JobOpening }) {
  return (
    <ul css={factsStyle} aria-label="Job facts">
      <li>
        <Icon name="briefcase" size={18} /> {job.employmentTypes.map((type) => employment[type]).join(' or ')}
      </li>
      <li>
        <Icon name="clock" size={18} /> {job.workHours}
      </li>
      <li>
        <Icon name="map-pin" size={18} /> {job.locality ? `${job.locality}, Connecticut` : 'Connecticut'}
      </li>
      {job.pay ? (
        <li>
          <Icon name="banknote" size={18} /> {payInWords(job.pay)}
        </li>
      ) : null}
    </ul>
  );
}

const factsStyle = css`
  display: flex; flex-wrap: wrap; gap: 0.4rem 1.25rem; margin: 0 0 1rem; padding: 0; list-style: none;
  color: ${color.brandDark}; font-weight: 650;
  li { display: inline-flex; align-items: flex-start; gap: 0.35rem; margin: 0; }
  svg { flex: none; margin-top: 0.3rem; }
`;
