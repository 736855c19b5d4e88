import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { PageHeader } from '../web-admin';

const useStyles = makeStyles({
  main: {
    flex: 1,
    minWidth: 0,
    width: '100%',
    maxWidth: '1400px',
    margin: '0 auto',
    padding: tokens.spacingHorizontalXXL,
    boxSizing: 'border-box',
  },
});

/** A desktop screen laid out like an admin page: same padding, same header. */
export function DesktopPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <main className={useStyles().main}>
      <PageHeader title={title} actions={actions} />
      {children}
    </main>
  );
}
