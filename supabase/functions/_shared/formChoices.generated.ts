// Generated from content/jobs/ and content/application-form.yaml by `npm run build`: do not edit.
import type { FormChoices } from './application.ts';

export const formChoices: FormChoices = {
  "positions": [
    {
      "code": "care-scheduling-coordinator",
      "title": "Care Scheduling Coordinator",
      "validThrough": "2027-02-28"
    },
    {
      "code": "companion-caregiver",
      "title": "Companion Caregiver",
      "validThrough": "2027-02-28"
    }
  ],
  "experience": [
    {
      "code": "no-experience",
      "label": "No paid experience yet"
    },
    {
      "code": "less-than-one-year",
      "label": "Less than 1 year"
    },
    {
      "code": "one-to-three-years",
      "label": "1 to 3 years"
    },
    {
      "code": "three-to-five-years",
      "label": "3 to 5 years"
    },
    {
      "code": "more-than-five-years",
      "label": "More than 5 years"
    }
  ],
  "availability": [
    {
      "code": "full-time",
      "label": "Full time"
    },
    {
      "code": "part-time",
      "label": "Part time"
    },
    {
      "code": "weekends-only",
      "label": "Weekends only"
    },
    {
      "code": "evenings-and-nights",
      "label": "Evenings and nights"
    },
    {
      "code": "flexible",
      "label": "Flexible, any of the above"
    }
  ]
};
