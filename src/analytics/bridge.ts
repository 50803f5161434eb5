/**
 * How another script on a public page (the form script, src/forms/enhance.ts) sends an event without loading
 * analytics itself: `emitTrack('form_submitted', { form: 'inquiry', outcome: 'sent' })` dispatches a DOM event
 * that the boot script (boot.ts) queues and sends. Without the boot script (no key, Do Not Track) nobody listens
 * and nothing happens. A few dozen bytes, no dependency.
 */
import type { Track } from './events.ts';

export const TRACK_DOM_EVENT = 'analytics:track';

export const emitTrack: Track = (event, ...properties) => {
  document.dispatchEvent(new CustomEvent(TRACK_DOM_EVENT, { detail: [event, properties[0]] }));
};
