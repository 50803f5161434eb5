/**
 * Issue 39, item 6 (review): the lead-source fields as staff see them, with what an attacker can put in them (a
 * utm_source, utm_medium or utm_campaign is whatever the visitor's link said; leadOrigin.ts keeps it as text). The
 * record dialog's origin lines (origin.ts), the list's source filter (ListFilters.tsx) and the Reports view's tables
 * and charts (ReportChart.tsx), rendered as React renders them: the script is text on the page, never an element,
 * an attribute of its own or a link. The CSVs are tested in reportTables.test.ts and exportCsv.test.ts.
 */
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, test } from 'vitest';
import { originDetails } from '../../src/admin/origin.ts';
import { ReportChart } from '../../src/admin/reports/ReportChart.tsx';
import { inquiryTables, type ReportNames } from '../../src/admin/reports/reportTables.ts';
import type { InquiryReport } from '../../src/admin/reports/reportData.ts';
import { setLabels } from '../../src/admin/labels.ts';
import { ListFilters } from '../../src/admin/workflow/ListFilters.tsx';
import { DEFAULT_FILTERS } from '../../src/admin/workflow/filters.ts';
import { setWorkflow } from '../../src/admin/workflow/stages.ts';
import { loadContent } from '../../src/content/loader.ts';
import { dashboardLabels } from '../../src/forms/formChoices.ts';

const SCRIPT = '<script>alert(1)</script>';
const IMG = '"><img src=x onerror=alert(1)>';
const JS_URL = 'javascript:alert(1)';
const ATTACKS = [SCRIPT, IMG, JS_URL];

beforeAll(async () => {
  const content = await loadContent();
  setLabels(dashboardLabels(content));
  setWorkflow(content.workflow);
});

/** The elements and attribute names of rendered HTML (React quotes every attribute value and escapes its quotes). */
function markup(html: string): { tags: string[]; attributes: string[] } {
  const tags = [...html.matchAll(/<([a-z][\w-]*)((?:\s+[\w:-]+(?:="[^"]*")?)*)\s*\/?>/gi)];
  return {
    tags: tags.map((tag) => tag[1]!.toLowerCase()),
    attributes: tags.flatMap((tag) => [...tag[2]!.matchAll(/\s([\w:-]+)(?:="[^"]*")?/g)].map((attribute) => attribute[1]!.toLowerCase())),
  };
}

/** What an attack would leave in rendered HTML: an element or attribute it made, or a link to script. */
function expectInert(rendered: string) {
  // Emotion's style elements (the components' own CSS) and React's empty comments between text nodes set aside.
  const html = rendered.replace(/<style data-emotion="[^"]*">[^<]*<\/style>/g, '').replaceAll('<!-- -->', '');
  const { tags, attributes } = markup(html);
  // Every '<' React wrote opens a tag this reader understood: none is left over for an attack to hide in.
  expect(tags.length).toBe(html.split('<').length - 1 - (html.match(/<\//g) ?? []).length);
  expect(tags).not.toContain('script');
  expect(tags).not.toContain('img');
  expect(tags).not.toContain('a');
  expect(attributes.filter((name) => name.startsWith('on') || name === 'href' || name === 'src')).toEqual([]);
  // React writes the text escaped: the attack is there, as text.
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
}

test('the check finds an attack that became markup: an element, a handler, a link', () => {
  const live = (html: string) => () => expectInert(`${html}&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(1)&gt;`);
  expect(live('<dd>"><img src=x onerror=alert(1)></dd>')).toThrow();
  expect(live('<dd><img src="x" onerror="alert(1)"></dd>')).toThrow();
  expect(live('<dd><script>alert(1)</script></dd>')).toThrow();
  expect(live('<dd><a href="javascript:alert(1)">x</a></dd>')).toThrow();
  expect(live('<option value="x" onfocus="alert(1)">x</option>')).toThrow();
  expect(live('<dd>text</dd>')).not.toThrow();
});

describe('the record dialog\'s origin', () => {
  test('every line is plain text (a string, never markup or a link), the attack as typed', () => {
    for (const attack of ATTACKS) {
      const details = originDetails({ source: attack, landing_page: attack, referrer_host: null, utm_campaign: attack, utm_medium: attack, heard_about: null }, 'inquiryHeardAbout');
      for (const [term, value] of details) expect(typeof value, term).toBe('string');
      expect(Object.fromEntries(details)).toEqual({ Source: attack, 'How they heard of us': 'Not answered', 'Landing page': attack, Campaign: `${attack} (${attack})` });
    }
  });

  test('rendered as the dialog renders its lines (<dd>{value}</dd>), the attack stays text', () => {
    const details = originDetails({ source: SCRIPT, landing_page: JS_URL, referrer_host: 'evil.example', utm_campaign: IMG, utm_medium: null, heard_about: null }, 'applicationHeardAbout');
    const html = renderToString(
      <dl>
        {details.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>,
    );
    expectInert(html);
    expect(html).toContain('<dd>javascript:alert(1)</dd>');
  });
});

describe('the list\'s source filter', () => {
  test('offers each source as an option\'s text and value, escaped, and a chosen one too', () => {
    const html = renderToString(
      <ListFilters list="inquiries" filters={{ ...DEFAULT_FILTERS, source: { source: JS_URL } }} onChange={() => {}} byStage={new Map()} staff={[]} sources={[SCRIPT, IMG, 'newsletter']} noun="inquiries" />,
    );
    expectInert(html);
    expect(html).toContain('<option value="source:&lt;script&gt;alert(1)&lt;/script&gt;">&lt;script&gt;alert(1)&lt;/script&gt;</option>');
    expect(html).toContain('<option value="source:&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</option>');
    expect(html).toMatch(/<option value="source:javascript:alert\(1\)"( selected="")?>javascript:alert\(1\)<\/option>/);
  });
});

describe('the Reports view, grouped by source', () => {
  const names: ReportNames = { staffName: () => 'Nobody yet', stageLabel: (_list, code) => code, label: (_kind, code) => code, spamStage: () => 'spam' };
  const report: InquiryReport = {
    count: 3,
    answered: 0,
    firstReply: { medianMinutes: null, p90Minutes: null, officeMedianMinutes: null, officeP90Minutes: null, within15: 0, within60: 0, withinPromise: 0, promiseHours: 24 },
    byOwner: [],
    bySource: ATTACKS.map((source) => ({ source, count: 1, answered: 0, medianMinutes: null, withinPromise: 0, converted: 0 })),
    byHeardAbout: [],
    funnel: [],
    closed: [],
  };

  test('the chart\'s bars and the table\'s rows name each source as text', () => {
    const table = inquiryTables({ now: report, before: report }, names).find((t) => t.id === 'inquiries-by-source')!;
    const html = renderToString(<ReportChart table={table} context="Inquiries" onDownload={() => {}} />);
    expectInert(html);
    // Twice each: the chart's label and the table's row header.
    expect(html.split('&lt;script&gt;alert(1)&lt;/script&gt;').length - 1).toBe(2);
    expect(html).toContain('<th scope="row">javascript:alert(1)</th>');
  });
});
