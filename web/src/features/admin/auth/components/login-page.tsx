import type { FormEvent } from 'react';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Button, Card, Checkbox, Field, Input, MessageBar, MessageBarBody, Title2 } from '@fluentui/react-components';
import { AdminUiMessages, loginSchema, UiMessages } from '@folio/shared';
import { ApiError } from '../../../../lib/api-client';
import { firstIssueMessage } from '../../../../lib/first-issue';
import { useAdminServices } from '../../hooks/admin-services';
import { login } from '../api/auth.api';
import type { LoginRedirectState } from '../model/session';
import { useSession } from '../hooks/session';
import { useAuthStyles } from './auth.styles';

export function LoginPage() {
  const { api, basePath } = useAdminServices();
  const session = useSession();
  const navigate = useNavigate();
  const redirect = (useLocation().state ?? {}) as LoginRedirectState;
  const target = redirect.from ?? basePath;
  const styles = useAuthStyles();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');

  if (session.hasToken() && !sending) return <Navigate to={target} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = firstIssueMessage(loginSchema.safeParse({ username, password, remember }));
    if (invalid) {
      setError(invalid);
      return;
    }
    setSending(true);
    setError('');
    try {
      const response = await login(api, username.trim(), password, remember);
      if (!response.data.token) throw new ApiError(UiMessages.loginFailed, 200);
      session.signIn(response.data.token);
      navigate(target, { replace: true });
    } catch (failure) {
      if (failure instanceof ApiError && failure.isNetworkError) setError(UiMessages.networkErrorCheck);
      else setError(failure instanceof ApiError && failure.message ? failure.message : UiMessages.loginFailed);
      setSending(false);
    }
  };

  return (
    <main className={styles.centered}>
      <Card className={styles.card}>
        <form onSubmit={(event) => void submit(event)} noValidate style={{ display: 'contents' }}>
          <Title2 as="h1" className={styles.title}>
            {UiMessages.loginTitle}
          </Title2>
          {redirect.message && (
            <MessageBar intent="warning">
              <MessageBarBody>{redirect.message}</MessageBarBody>
            </MessageBar>
          )}
          {error && (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{error}</MessageBarBody>
            </MessageBar>
          )}
          <Field label={AdminUiMessages.username} required>
            <Input value={username} onChange={(_, data) => setUsername(data.value)} autoComplete="username" autoFocus />
          </Field>
          <Field label={AdminUiMessages.password} required>
            <Input
              type="password"
              value={password}
              onChange={(_, data) => setPassword(data.value)}
              autoComplete="current-password"
            />
          </Field>
          <Checkbox checked={remember} onChange={(_, data) => setRemember(data.checked === true)} label={UiMessages.rememberMe} />
          <Button appearance="primary" type="submit" disabled={sending}>
            {sending ? UiMessages.loggingIn : UiMessages.login}
          </Button>
        </form>
      </Card>
    </main>
  );
}
