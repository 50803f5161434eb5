// Generated from content/ (jobs, services, application-form.yaml, inquiry-form.yaml, site.yaml, retention.yaml, replies.yaml) by `npm run build`: do not edit.
import type { FormChoices } from './application.ts';
import type { InquiryChoices } from './inquiry.ts';
import type { RetentionPeriods } from './purge.ts';
import type { NotificationSettings } from './outbox.ts';
import type { OfficeSchedule } from './officeHours.ts';

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
  ],
  "heardAbout": [
    {
      "code": "indeed",
      "label": "Indeed"
    },
    {
      "code": "friend-or-family",
      "label": "A friend or family member"
    },
    {
      "code": "current-caregiver",
      "label": "A caregiver who works here"
    },
    {
      "code": "google",
      "label": "Google or another search"
    },
    {
      "code": "facebook",
      "label": "Facebook"
    },
    {
      "code": "job-fair",
      "label": "A job fair"
    },
    {
      "code": "other",
      "label": "Somewhere else"
    }
  ]
};

export const inquiryChoices: InquiryChoices = {
  "careFor": [
    {
      "code": "myself",
      "label": "Myself"
    },
    {
      "code": "a-parent",
      "label": "A parent"
    },
    {
      "code": "a-spouse-or-partner",
      "label": "A spouse or partner"
    },
    {
      "code": "someone-else",
      "label": "Someone else"
    }
  ],
  "callTimes": [
    {
      "code": "morning",
      "label": "Morning (8 am - noon)"
    },
    {
      "code": "afternoon",
      "label": "Afternoon (noon - 5 pm)"
    },
    {
      "code": "evening",
      "label": "Evening (5 pm - 8 pm)"
    }
  ],
  "services": [
    {
      "code": "24-hour-care",
      "label": "24-Hour Care"
    },
    {
      "code": "acute-illness-recovery",
      "label": "Acute Illness Recovery"
    },
    {
      "code": "appointment-scheduling",
      "label": "Appointment Scheduling"
    },
    {
      "code": "bereavement-support",
      "label": "Bereavement Support"
    },
    {
      "code": "cancer-treatment-support",
      "label": "Cancer Treatment Support"
    },
    {
      "code": "caregiver-respite",
      "label": "Caregiver Respite"
    },
    {
      "code": "chronic-illness-support",
      "label": "Chronic Illness Support"
    },
    {
      "code": "cognitive-activities",
      "label": "Cognitive Activities"
    },
    {
      "code": "companionship",
      "label": "Companionship"
    },
    {
      "code": "diet-monitoring",
      "label": "Diet Monitoring"
    },
    {
      "code": "early-dementia-care",
      "label": "Early Dementia and Parkinson's Care"
    },
    {
      "code": "emergency-response",
      "label": "Emergency Response"
    },
    {
      "code": "exercise-support",
      "label": "Exercise Support"
    },
    {
      "code": "grocery-shopping",
      "label": "Grocery Shopping"
    },
    {
      "code": "holiday-support",
      "label": "Holiday Support"
    },
    {
      "code": "housekeeping",
      "label": "Housekeeping"
    },
    {
      "code": "injury-recovery",
      "label": "Injury Recovery"
    },
    {
      "code": "isolation-prevention",
      "label": "Isolation Prevention"
    },
    {
      "code": "meal-preparation",
      "label": "Meal Preparation"
    },
    {
      "code": "medical-transport",
      "label": "Medical Transportation"
    },
    {
      "code": "medication-reminders",
      "label": "Medication Reminders"
    },
    {
      "code": "mental-health-support",
      "label": "Mental Health Support"
    },
    {
      "code": "neurodiverse-support",
      "label": "Neurodiverse Support"
    },
    {
      "code": "personal-care",
      "label": "Personal Care"
    },
    {
      "code": "pet-care-assistance",
      "label": "Pet Care Assistance"
    },
    {
      "code": "post-surgical-recovery",
      "label": "Post-Surgical Recovery"
    },
    {
      "code": "postpartum-care",
      "label": "Postpartum Care"
    },
    {
      "code": "routine-establishment",
      "label": "Routine Establishment"
    },
    {
      "code": "safety-monitoring",
      "label": "Safety Monitoring"
    },
    {
      "code": "technology-assistance",
      "label": "Technology Assistance"
    },
    {
      "code": "transportation",
      "label": "Transportation"
    }
  ],
  "consent": {
    "version": "2026-11-25",
    "text": "I agree that you may store the health details in my request, to answer it."
  },
  "heardAbout": [
    {
      "code": "discharge-planner",
      "label": "A hospital or rehab discharge planner"
    },
    {
      "code": "doctor",
      "label": "A doctor or nurse"
    },
    {
      "code": "area-agency-on-aging",
      "label": "The Area Agency on Aging"
    },
    {
      "code": "friend-or-family",
      "label": "A friend or family member"
    },
    {
      "code": "current-client",
      "label": "A current client or caregiver"
    },
    {
      "code": "google",
      "label": "Google or another search"
    },
    {
      "code": "facebook",
      "label": "Facebook"
    },
    {
      "code": "other",
      "label": "Somewhere else"
    }
  ]
};

/** The provider's contact form that submit-inquiry forwards each request to; null while site.yaml holds placeholders. */
export const providerContactForm: { region: string; portalId: string; formId: string } | null = null;

/** The office hours and holidays (site.yaml `officeHours`, `holidays`) in America/New_York. */
export const officeSchedule: OfficeSchedule = {
  "timeZone": "America/New_York",
  "week": [
    {
      "day": 1,
      "opens": "08:00",
      "closes": "18:00"
    },
    {
      "day": 2,
      "opens": "08:00",
      "closes": "18:00"
    },
    {
      "day": 3,
      "opens": "08:00",
      "closes": "18:00"
    },
    {
      "day": 4,
      "opens": "08:00",
      "closes": "18:00"
    },
    {
      "day": 5,
      "opens": "08:00",
      "closes": "18:00"
    },
    {
      "day": 6,
      "opens": "09:00",
      "closes": "15:00"
    }
  ],
  "holidays": [
    {
      "date": "2026-01-01",
      "name": "New Year's Day"
    },
    {
      "date": "2026-05-25",
      "name": "Memorial Day"
    },
    {
      "date": "2026-07-04",
      "name": "Independence Day"
    },
    {
      "date": "2026-09-07",
      "name": "Labor Day"
    },
    {
      "date": "2026-11-26",
      "name": "Thanksgiving"
    },
    {
      "date": "2026-12-25",
      "name": "Christmas Day"
    },
    {
      "date": "2027-01-01",
      "name": "New Year's Day"
    },
    {
      "date": "2027-05-31",
      "name": "Memorial Day"
    },
    {
      "date": "2027-07-05",
      "name": "Independence Day (observed)"
    },
    {
      "date": "2027-09-06",
      "name": "Labor Day"
    },
    {
      "date": "2027-11-25",
      "name": "Thanksgiving"
    },
    {
      "date": "2027-12-25",
      "name": "Christmas Day"
    }
  ]
};

/** Who hears of each new request, the reply promise (site.yaml `notifications`, the openings), and the instant reply to each sender (replies.yaml, with the office schedule above). */
export const notificationSettings: NotificationSettings = {
  ...{
    "agency": "Hearthside Home Care",
    "from": "notifications@example.com",
    "to": [
      "intake@example.com"
    ],
    "replyWithinHours": 24,
    "burst": {
      "moreThan": 10,
      "withinMinutes": 5
    },
    "repliesPerHour": 20,
    "positions": [
      {
        "code": "care-scheduling-coordinator",
        "title": "Care Scheduling Coordinator"
      },
      {
        "code": "companion-caregiver",
        "title": "Companion Caregiver"
      }
    ]
  },
  acknowledgement: {
    words: {
      "inquirySubject": "We have your request - Hearthside Home Care",
      "applicationSubject": "We have your application for {position} - Hearthside Home Care",
      "greeting": "Hello {name},",
      "inquiryReceived": "Thank you for contacting Hearthside Home Care. We have received your contact request.",
      "applicationReceived": "Thank you for applying to Hearthside Home Care. We have received your application for {position}.",
      "callWithinHour": "Our office is open now, so someone will call you within the hour.",
      "callNextOpening": "Our office is closed now, so someone will call you {when}.",
      "phone": "If you would rather talk to us sooner, call (860) 555-0142. Outside office hours our on-call line takes emergency calls.",
      "applicationNext": "We read every application within three business days and call the applicants whose experience fits the opening to arrange an interview.",
      "applicationPhone": "If you have a question about the job or your application, call our recruiting line, (860) 555-0143.",
      "privacy": "To see, correct or erase what you sent us, or to take back your consent, e-mail care@example.com or call us, and tell us the name and e-mail address you used on the form.",
      "privacyLink": "Our privacy notice",
      "notRepeated": "For your privacy, this e-mail does not repeat what you wrote to us.",
      "signature": "The team at Hearthside Home Care"
    },
    schedule: officeSchedule,
  },
};

/** How long the purge function keeps what it erases (content/retention.yaml). */
export const retention: RetentionPeriods = {
  "suspectedSpam": {
    "days": 30
  },
  "inquiries": {
    "months": 24,
    "clientStages": [
      "became-a-client"
    ]
  },
  "applications": {
    "months": 18
  }
};
