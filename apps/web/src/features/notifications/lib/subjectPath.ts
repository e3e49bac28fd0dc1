import { useSlots } from '../../../shared/lib/slots';

/** What an event (an inbox item, a delivery) says about its object. */
export interface EventSubject {
  subject_type: string | null;
  subject_id: string | null;
  link: string | null;
}

/**
 * Where an event leads: its object's page as the object's area declares it — by the subject type, an audit type
 * (`auditLinks`), else an object kind (`objectLinks`) — else the portal path the event came with.
 */
export function useSubjectPath(): (subject: EventSubject) => string | undefined {
  const { auditLinks, objectLinks } = useSlots();
  return ({ subject_type, subject_id, link }) => {
    if (subject_type && subject_id) {
      const path = auditLinks.get(subject_type)?.path(subject_id) ?? objectLinks.get(subject_type)?.path?.(subject_id);
      if (path) return path;
    }
    return link?.startsWith('/') ? link : undefined;
  };
}
