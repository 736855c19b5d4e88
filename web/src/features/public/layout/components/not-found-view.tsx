import { Link } from '../../routing/public-router';
import { PublicUiMessages as M } from '@folio/shared';
import { usePageReady } from '../../../../lib/use-page-ready';
import styles from './not-found-view.module.css';

/** The 404 content: an unknown page, or a missing article with its own message. */
export function NotFoundView({ message }: { message?: string }) {
  usePageReady();
  return (
    <div className={styles.root} data-testid="not-found">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{message ?? M.notFoundTitle}</h1>
      <p className={styles.text}>{M.notFoundText}</p>
      <Link className={styles.link} to="/">
        {M.backHome}
      </Link>
    </div>
  );
}
