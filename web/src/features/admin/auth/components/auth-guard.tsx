import { useCallback, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { Button, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { TOKEN_REVERIFY_INTERVAL_MS, UiMessages } from '@folio/shared';
import { ApiError } from '../../../../lib/api-client';
import { useAdminApi } from '../../hooks/admin-services';
import { verifyToken } from '../api/auth.api';
import { useSession } from '../hooks/session';
import { useAuthStyles } from './auth.styles';

type GuardState = 'checking' | 'valid' | 'network-error';

/** Verifies the token on entry and every 5 minutes (docs/spec.md §4.1); an invalid one ends the session. */
export function AuthGuard() {
  const api = useAdminApi();
  const session = useSession();
  const styles = useAuthStyles();
  const [state, setState] = useState<GuardState>('checking');

  const check = useCallback(
    async (initial: boolean) => {
      if (!session.hasToken()) {
        session.expire();
        return;
      }
      try {
        await verifyToken(api);
        setState('valid');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) session.expire();
        // A network blip during a background re-check must not throw the owner out of an open form.
        else if (initial) setState('network-error');
      }
    },
    [api, session],
  );

  useEffect(() => {
    void check(true);
    const timer = window.setInterval(() => void check(false), TOKEN_REVERIFY_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [check]);

  if (state === 'valid') return <Outlet />;
  if (state === 'network-error') {
    return (
      <div className={styles.centered}>
        <MessageBar intent="error">
          <MessageBarBody>{UiMessages.networkError}</MessageBarBody>
        </MessageBar>
        <Button appearance="primary" onClick={() => void check(true)}>
          {UiMessages.refresh}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.centered} role="status">
      <Spinner label={UiMessages.verifyingLogin} />
    </div>
  );
}
