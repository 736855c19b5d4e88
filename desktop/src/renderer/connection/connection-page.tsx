import type { FormEvent } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Checkbox, Field, Input, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { SignOutRegular } from '@fluentui/react-icons';
import { DesktopMessages, DesktopUiMessages as M, ServerMessages, UiMessages } from '@folio/shared';
import type { Profile, ProfileList as Profiles } from '../../channels';
import { serverUrlSchema } from '../../channels';
import { useNotifyMessage } from '../app/desktop-notify';
import { useDesktopSession } from '../app/desktop-session';
import { call, folioBridge } from '../bridge/folio-bridge';
import { DesktopPage } from '../components/desktop-page';
import { usePageStyles } from '../web-admin';
import { connectionErrorMessage } from './connection-errors';
import { InsecureStorageDialog } from './insecure-storage-dialog';
import { MirrorSettings } from './mirror-settings';
import { LocalRestoreCard } from '../backups/local-restore-card';
import { ProfileList } from './profile-list';

/**
 * 连接: sign in to a server (saved as a profile), switch between saved servers, sign out.
 * Not the web admin's LoginPage form: besides the same three credential fields it has the server
 * URL, fills itself from a saved profile, signs in through main (the token never reaches the
 * page) and may then ask before storing the token; sharing would leave three Fluent fields.
 */
export function ConnectionPage() {
  const page = usePageStyles();
  const navigate = useNavigate();
  const notify = useNotifyMessage();
  const { status, applyStatus } = useDesktopSession();
  const [profiles, setProfiles] = useState<Profiles>({ profiles: [], activeId: null });
  const [profileId, setProfileId] = useState<string | undefined>(undefined);
  const [serverUrl, setServerUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [info, setInfo] = useState('');
  const [askStorage, setAskStorage] = useState(false);
  const [answeringStorage, setAnsweringStorage] = useState(false);

  const loadProfiles = useCallback(async () => {
    try {
      setProfiles(await call(folioBridge().profiles.list()));
    } catch (failure) {
      setError(connectionErrorMessage(failure));
    }
  }, []);

  useEffect(() => {
    void loadProfiles();
  }, [loadProfiles]);

  useEffect(() => {
    if (status?.needsStorageConsent) setAskStorage(true);
  }, [status?.needsStorageConsent]);

  const fillFrom = (profile: Profile) => {
    setProfileId(profile.id);
    setServerUrl(profile.serverUrl);
    setUsername(profile.username);
    setRemember(profile.remember);
    setPassword('');
  };

  /**
   * Runs one bridge task with `setFlag`'s controls disabled (the form's by default); a failure
   * becomes the form's error message.
   */
  const whileBusy = async (task: () => Promise<void>, setFlag: (busy: boolean) => void = setBusy) => {
    setFlag(true);
    try {
      await task();
    } catch (failure) {
      setError(connectionErrorMessage(failure));
    } finally {
      setFlag(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setInfo('');
    if (!serverUrlSchema.safeParse(serverUrl).success) {
      setError(DesktopMessages.urlMalformed);
      return;
    }
    if (!username.trim() || !password) {
      setError(ServerMessages.loginFieldsRequired);
      return;
    }
    setError('');
    await whileBusy(async () => {
      const next = await call(
        folioBridge().session.signIn({ profileId, serverUrl: serverUrl.trim(), username: username.trim(), password, remember }),
      );
      applyStatus(next);
      setPassword('');
      await loadProfiles();
      if (next.needsStorageConsent) setAskStorage(true);
      else {
        notify(M.signedIn);
        navigate('/admin');
      }
    });
  };

  // The dialog has its own busy state: it opens while the form is still busy signing in, and a
  // dialog whose every button is disabled has nothing to focus, so Tabster's modal trap never
  // activates and can leave the dialog itself aria-hidden.
  const answerStorage = (allow: boolean) =>
    whileBusy(async () => {
      try {
        applyStatus(await call(folioBridge().session.confirmInsecureStorage({ allow })));
      } finally {
        // Closed on a failure too, so the form's error is seen; the token stays in memory meanwhile.
        setAskStorage(false);
      }
      notify(M.signedIn);
      navigate('/admin');
    }, setAnsweringStorage);

  const activate = async (profile: Profile) => {
    setError('');
    setInfo('');
    await whileBusy(async () => {
      const next = await call(folioBridge().profiles.activate({ id: profile.id }));
      applyStatus(next);
      await loadProfiles();
      if (next.signedIn) {
        notify(M.profileSwitched(profile.name));
        navigate('/admin');
      } else {
        fillFrom(profile);
        setInfo(M.profileNeedsPassword);
      }
    });
  };

  const remove = async (profile: Profile) => {
    try {
      setProfiles(await call(folioBridge().profiles.remove({ id: profile.id })));
      if (profileId === profile.id) setProfileId(undefined);
      applyStatus(await call(folioBridge().session.status()));
    } catch (failure) {
      setError(connectionErrorMessage(failure));
    }
  };

  const signOut = () =>
    whileBusy(async () => {
      applyStatus(await call(folioBridge().session.signOut()));
    });

  return (
    <DesktopPage title={M.connectionTitle}>
      <div className={page.stack}>
        <Text className={page.muted}>{M.connectionIntro}</Text>
        {status?.signedIn && status.profile && (
          <MessageBar intent="success">
            <MessageBarBody>{M.signedInAs(status.username ?? status.profile.username, status.profile.serverUrl)}</MessageBarBody>
            <Button icon={<SignOutRegular />} size="small" disabled={busy} onClick={() => void signOut()}>
              {M.signOut}
            </Button>
          </MessageBar>
        )}
        <div className={page.twoColumns}>
          <section className={`${page.card} ${page.stack}`} aria-labelledby="connection-form-title">
            <Text as="h3" size={500} weight="semibold" id="connection-form-title" className={page.heading}>
              {UiMessages.login}
            </Text>
            <form onSubmit={(event) => void submit(event)} noValidate className={page.stack}>
              {info && (
                <MessageBar intent="info">
                  <MessageBarBody>{info}</MessageBarBody>
                </MessageBar>
              )}
              {error && (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{error}</MessageBarBody>
                </MessageBar>
              )}
              <Field label={M.serverUrl} required>
                <Input
                  value={serverUrl}
                  placeholder={M.serverUrlPlaceholder}
                  onChange={(_, data) => {
                    setServerUrl(data.value);
                    setProfileId(undefined);
                  }}
                  inputMode="url"
                  autoFocus
                />
              </Field>
              <Field label={M.username} required>
                <Input value={username} onChange={(_, data) => setUsername(data.value)} autoComplete="username" />
              </Field>
              <Field label={M.password} required>
                <Input
                  type="password"
                  value={password}
                  onChange={(_, data) => setPassword(data.value)}
                  autoComplete="current-password"
                />
              </Field>
              <Checkbox
                checked={remember}
                onChange={(_, data) => setRemember(data.checked === true)}
                label={UiMessages.rememberMe}
              />
              <div className={page.row}>
                <Button appearance="primary" type="submit" disabled={busy}>
                  {busy ? M.connecting : M.connect}
                </Button>
              </div>
            </form>
          </section>
          <section className={`${page.card} ${page.stack}`} aria-labelledby="profiles-title">
            <Text as="h3" size={500} weight="semibold" id="profiles-title" className={page.heading}>
              {M.savedProfiles}
            </Text>
            <ProfileList
              profiles={profiles.profiles}
              activeId={profiles.activeId}
              busy={busy}
              onActivate={(profile) => void activate(profile)}
              onRemove={(profile) => void remove(profile)}
            />
          </section>
        </div>
        {status?.profile && <MirrorSettings key={status.profile.id} />}
        {status?.profile && (
          <LocalRestoreCard key={status.profile.id} serverUrl={status.profile.serverUrl} signedIn={status.signedIn} />
        )}
      </div>
      <InsecureStorageDialog open={askStorage} busy={answeringStorage} onAnswer={(allow) => void answerStorage(allow)} />
    </DesktopPage>
  );
}
