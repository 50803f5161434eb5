/**
 * The spec's mapping of pages to `service_page_viewed` (section 7): the home page, the six services the spec
 * names, careers and the dashboard. Other pages send `page_viewed` only. Read by start.ts alone, so the mapping
 * travels in the lazily loaded chunk, not in the boot script.
 */
export const SERVICE_PAGE_VIEWS = {
  '/': { service_type: 'home', page_title: 'Home' },
  '/meal-preparation': { service_type: 'meal_preparation', page_title: 'Meal Preparation' },
  '/housekeeping': { service_type: 'housekeeping', page_title: 'Housekeeping' },
  '/companionship': { service_type: 'companionship', page_title: 'Companionship' },
  '/transportation': { service_type: 'transportation', page_title: 'Transportation' },
  '/personal-care': { service_type: 'personal_care', page_title: 'Personal Care' },
  '/24-hour-care': { service_type: '24_hour_care', page_title: '24-Hour Care' },
  '/careers': { service_type: 'careers', page_title: 'Careers' },
  '/admin': { service_type: 'admin', page_title: 'Job Applications' },
} as const satisfies Record<string, { service_type: string; page_title: string }>;

export type ServiceType = (typeof SERVICE_PAGE_VIEWS)[keyof typeof SERVICE_PAGE_VIEWS]['service_type'];

/** The properties of `service_page_viewed` (events.ts names this type; this module imports nothing). */
export interface ServicePageView {
  service_type: ServiceType;
  page_title: string;
}

/** The `service_page_viewed` properties of a path ("/careers/" counts as "/careers"), or undefined. */
export function servicePageView(path: string): ServicePageView | undefined {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return (SERVICE_PAGE_VIEWS as Record<string, ServicePageView>)[normalized];
}
