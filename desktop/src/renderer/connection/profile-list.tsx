import { useState } from 'react';
import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { DeleteRegular, ServerRegular } from '@fluentui/react-icons';
import { DesktopUiMessages as M } from '@folio/shared';
import type { Profile } from '../../channels';
import { ConfirmDialog, EmptyState } from '../web-admin';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  active: { border: `1px solid ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  nameRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  muted: { color: tokens.colorNeutralForeground3 },
});

export interface ProfileListProps {
  profiles: Profile[];
  activeId: string | null;
  busy: boolean;
  onActivate: (profile: Profile) => void;
  onRemove: (profile: Profile) => void;
}

/** Saved servers: one click switches, removing asks first. */
export function ProfileList({ profiles, activeId, busy, onActivate, onRemove }: ProfileListProps) {
  const styles = useStyles();
  const [removing, setRemoving] = useState<Profile | null>(null);
  if (profiles.length === 0) return <EmptyState text={M.noProfiles} />;
  return (
    <>
      <ul className={styles.list} aria-label={M.savedProfiles}>
        {profiles.map((profile) => {
          const active = profile.id === activeId;
          return (
            <li key={profile.id} className={active ? `${styles.item} ${styles.active}` : styles.item} data-testid="profile">
              <ServerRegular fontSize={24} aria-hidden />
              <div className={styles.text}>
                <div className={styles.nameRow}>
                  <Text weight="semibold" className={styles.ellipsis}>
                    {profile.name}
                  </Text>
                  {active && (
                    <Badge appearance="tint" color="brand" size="small">
                      {M.activeProfile}
                    </Badge>
                  )}
                </div>
                <Text size={200} className={`${styles.ellipsis} ${styles.muted}`} title={profile.serverUrl}>
                  {profile.username} @ {profile.serverUrl}
                </Text>
              </div>
              <div className={styles.actions}>
                {!active && (
                  <Button size="small" disabled={busy} onClick={() => onActivate(profile)}>
                    {M.switchProfile}
                  </Button>
                )}
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  aria-label={`${M.removeProfile} ${profile.name}`}
                  disabled={busy}
                  onClick={() => setRemoving(profile)}
                />
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title={M.removeProfile}
        confirmLabel={M.removeProfile}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) onRemove(removing);
          setRemoving(null);
        }}
      >
        {removing ? M.removeProfileConfirm(removing.name) : ''}
      </ConfirmDialog>
    </>
  );
}
