/**
 * Declaring a tracked click in the markup of an HTML-only page: spread `trackAttributes(...)` on the link or
 * button, and the boot script (boot.ts) sends the event when it is clicked.
 *
 *   <a href="tel:+12035550123" {...trackAttributes('phone_call_clicked', { source: 'hero', phone_number: phone })}>
 *   → data-track="phone_call_clicked" data-track-source="hero" data-track-phone-number="+12035550123"
 *
 * Only events whose properties are all text can be declared; `current_page` is filled in by the script.
 * The pages write them through links.ts, which writes nothing without VITE_POSTHOG_KEY.
 */
import { type EventName, type EventProperties, type PAGE_AWARE_EVENTS } from './events.ts';

/** The attribute naming the event; each property is `data-track-<name with - for _>`. */
export const TRACK_ATTRIBUTE = 'data-track';

export type DeclarableEvent = {
  [E in EventName]: EventProperties[E] extends Partial<Record<string, string>> ? E : never;
}[EventName];

export type DeclaredProperties<E extends DeclarableEvent> = E extends (typeof PAGE_AWARE_EVENTS)[number]
  ? Omit<EventProperties[E], 'current_page'>
  : EventProperties[E];

export type DeclareArgs<E extends DeclarableEvent> = Record<string, never> extends DeclaredProperties<E>
  ? [properties?: DeclaredProperties<E>]
  : [properties: DeclaredProperties<E>];

export function trackAttributes<E extends DeclarableEvent>(event: E, ...properties: DeclareArgs<E>): Record<string, string> {
  const attributes: Record<string, string> = { [TRACK_ATTRIBUTE]: event };
  for (const [name, value] of Object.entries(properties[0] ?? {})) {
    if (typeof value === 'string') attributes[`${TRACK_ATTRIBUTE}-${name.replaceAll('_', '-')}`] = value;
  }
  return attributes;
}

/** The reverse, for the click script: an element's `dataset` to the event's properties. */
export function declaredProperties(dataset: DOMStringMap): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const key in dataset) {
    const value = dataset[key];
    // dataset turns data-track-phone-number into trackPhoneNumber.
    if (key.length > 5 && key.startsWith('track') && value !== undefined) {
      properties[key.slice(5).replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`).slice(1)] = value;
    }
  }
  return properties;
}
