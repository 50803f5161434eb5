/** The heading case rule (src/titleCase.ts), on the cases a writer meets. */
import { describe, expect, test } from 'vitest';
import { titleCaseProblems, toTitleCase } from '../../src/titleCase.ts';

describe('Title Case', () => {
  test.each([
    ['Care That Feels Like Family'],
    ['Request Information'],
    ['What We Provide'],
    ['Visits From 2 to 24 Hours'],
    ['A Care Plan and a Matched Caregiver'],
    ['Why Families Choose Our 24-Hour Care'],
    ['Non-Medical Care, Around the Clock'],
    ['What Round-the-Clock Care Covers'],
    ['Connecticut Licensed HCA.0002676'],
    ['Oops! Page Not Found'],
    ["Don't See Your Town?"],
    ['Step 1: A Free In-Home Consultation'],
    ['Help From Start to Finish'],
    ['Talk With Us About Early Dementia and Parkinson\'s Care'],
  ])('accepts "%s"', (heading) => {
    expect(titleCaseProblems(heading)).toEqual([]);
  });

  test('capitalises every word but the short ones', () => {
    expect(toTitleCase('why families choose us')).toBe('Why Families Choose Us');
    expect(toTitleCase('travel policy')).toBe('Travel Policy');
    expect(toTitleCase('talk with us about the care of a parent')).toBe('Talk With Us About the Care of a Parent');
  });

  test('capitalises a short word that opens or closes the heading, or follows a colon', () => {
    expect(toTitleCase('the people we work for')).toBe('The People We Work For');
    expect(toTitleCase('step 2: a visit')).toBe('Step 2: A Visit');
  });

  test('capitalises each part of a hyphenated word', () => {
    expect(toTitleCase('24-hour care for non-medical needs')).toBe('24-Hour Care for Non-Medical Needs');
    expect(toTitleCase('a follow-up')).toBe('A Follow-Up');
    expect(toTitleCase('round-The-clock care')).toBe('Round-the-Clock Care');
  });

  test('names each word that is wrong, both ways', () => {
    expect(titleCaseProblems('Talk with us about early dementia And Care')).toEqual([
      '"with" should be "With"',
      '"us" should be "Us"',
      '"about" should be "About"',
      '"early" should be "Early"',
      '"dementia" should be "Dementia"',
      '"And" should be "and"',
    ]);
    expect(titleCaseProblems('Background-checked caregivers')).toEqual(['"Background-checked" should be "Background-Checked"', '"caregivers" should be "Caregivers"']);
  });
});
