/**
 * Questions families ask, answered: `content/faq.yaml`, shown on the home page and on /contact. Every answer
 * about money or coverage is an invitation to ask (the spec shows no prices): a price is refused.
 */
import { z } from 'zod';
import { text } from './common.ts';

/** "$30", "$ 30", "30 dollars", "USD 30": a price, which no answer may give. */
const PRICE = /\$\s?\d|\b\d[\d,.]*\s?(dollars?|usd)\b|\busd\s?\d/i;
const noPrice = (value: string) => !PRICE.test(value);
/** `fault`: the message quotes the price found whole, however long the answer (src/content/zodProblems.ts). */
const NO_PRICE = { message: 'expected no price (the cost depends on the care plan: invite the family to ask us)', params: { fault: PRICE } };

const question = z.strictObject({
  question: text(120)
    .refine((value) => value.endsWith('?'), 'expected a question, ending in "?"')
    .meta({ description: 'The question as a family would ask it, ending in "?". It is the line people tap to open the answer.' }),
  answer: text(700).refine(noPrice, NO_PRICE).meta({ description: 'The answer, in two to four plain sentences. No prices or promises of coverage: say "ask us".' }),
  points: z
    .array(text(200).refine(noPrice, NO_PRICE))
    .max(6)
    .default([])
    .meta({ description: 'An optional list after the answer, e.g. the ways families pay.' }),
});

export const faqSchema = z.strictObject({
  heading: text(80).meta({ description: 'The section heading, in Title Case, e.g. "Questions Families Ask".' }),
  intro: text(400).meta({ description: 'One or two sentences under the heading.' }),
  questions: z.array(question).min(6).max(8).meta({ description: 'From 6 to 8 questions, in the order they are shown.' }),
});

export type Faq = z.infer<typeof faqSchema>;
