import { ButtonLink } from './ButtonLink';
import { StatusMessage } from './StatusMessage';

/** The not-found page's body (spec 1 §2): 'Page not found' under a 404 eyebrow, and a way home. */
export function NotFoundMessage() {
  return (
    <StatusMessage
      eyebrow="404"
      headline="Page not found"
      text="The page you are looking for may have moved, or the link may be out of date."
      actions={<ButtonLink link={{ url: '/', title: 'Take me home' }} />}
    />
  );
}
