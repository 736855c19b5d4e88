import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, makeStyles, mergeClasses, Spinner, Text, tokens, Tooltip } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowUploadRegular, DeleteRegular } from '@fluentui/react-icons';
import { AdminUiMessages, SNACKBAR_MS, UiMessages } from '@folio/shared';
import type { AdminAvatar } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { formatDateTime } from '../../../../lib/format';
import { PageHeader } from '../../components/page-header';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { pickFilesWithInput, resolveFileUrl, useAdminPlatform } from '../../platform';
import { SortableList } from '../../sortable-cards/components/sortable-list';
import { deleteAvatar, fetchAvatars, saveAvatarOrder, uploadAvatar } from '../api/avatars.api';

const useStyles = makeStyles({
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
  },
  current: { border: `2px solid ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  image: { width: '64px', height: '64px', objectFit: 'cover', borderRadius: tokens.borderRadiusCircular, flexShrink: 0 },
  info: { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  time: { color: tokens.colorNeutralForeground3 },
});

const duration = SNACKBAR_MS.avatars;

export function AvatarsPage() {
  const styles = useStyles();
  const api = useAdminApi();
  const notify = useNotify();
  const platform = useAdminPlatform();
  const [avatars, setAvatars] = useState<AdminAvatar[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<AdminAvatar | null>(null);

  const load = useCallback(async () => {
    try {
      setAvatars((await fetchAvatars(api)).data);
    } catch (error) {
      setAvatars((current) => current ?? []);
      notify(UiMessages.avatarsLoadFailed(errorMessage(error, UiMessages.networkError)), 'error', duration);
    }
  }, [api, notify]);

  useEffect(() => {
    void load();
  }, [load]);

  const upload = async () => {
    const [file] = await (platform.pickFiles ?? pickFilesWithInput)({ accept: 'image/*' });
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      notify(UiMessages.avatarUploadFailed(AdminUiMessages.imageOnly), 'error', duration);
      return;
    }
    setBusy(true);
    try {
      await uploadAvatar(api, file);
      notify(UiMessages.avatarUploaded, 'success', duration);
    } catch (error) {
      notify(UiMessages.avatarUploadFailed(errorMessage(error, UiMessages.networkError)), 'error', duration);
    } finally {
      setBusy(false);
      await load();
    }
  };

  /** The first avatar is the current one, so a drag that changes the first changes the site at once. */
  const reorder = async (next: AdminAvatar[]) => {
    const firstChanged = next[0]?.id !== avatars?.[0]?.id;
    setAvatars(next);
    try {
      setAvatars(
        (
          await saveAvatarOrder(
            api,
            next.map((avatar) => avatar.id),
          )
        ).data,
      );
      if (firstChanged) notify(UiMessages.avatarSetCurrent, 'success', duration);
    } catch (error) {
      notify(UiMessages.avatarSetCurrentFailed(errorMessage(error, UiMessages.networkError)), 'error', duration);
      await load();
    }
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    setBusy(true);
    try {
      const response = await deleteAvatar(api, pendingDelete.id);
      notify(response.msg || UiMessages.avatarDeleted, 'success', duration);
    } catch (error) {
      notify(UiMessages.avatarDeleteFailed(errorMessage(error, UiMessages.networkError)), 'error', duration);
    } finally {
      setPendingDelete(null);
      setBusy(false);
      await load();
    }
  };

  const actions = (
    <>
      <Button icon={<ArrowClockwiseRegular />} onClick={() => void load()} disabled={busy}>
        {UiMessages.refresh}
      </Button>
      <Button appearance="primary" icon={<ArrowUploadRegular />} onClick={() => void upload()} disabled={busy}>
        {UiMessages.uploadAvatar}
      </Button>
    </>
  );

  const label = (index: number) => (index === 0 ? UiMessages.currentAvatar : UiMessages.avatarLabel(index));

  return (
    <section>
      <PageHeader title={AdminUiMessages.tabAvatars} actions={actions} />
      {avatars === null ? (
        <Spinner label={UiMessages.loading} />
      ) : avatars.length === 0 ? (
        <EmptyState text={UiMessages.noAvatars} />
      ) : (
        <SortableList
          items={avatars}
          getKey={(avatar) => String(avatar.id)}
          handleLabel={(_, index) => AdminUiMessages.dragItem(label(index))}
          onReorder={(next) => void reorder(next)}
          renderItem={(avatar, index, handle) => (
            <div className={mergeClasses(styles.row, index === 0 && styles.current)} data-testid="avatar-item">
              {handle}
              <img className={styles.image} src={resolveFileUrl(platform.apiBaseUrl, avatar.url)} alt={label(index)} />
              <div className={styles.info}>
                <Text weight="semibold">
                  {label(index)} {index === 0 && <Badge appearance="tint">{AdminUiMessages.inUse}</Badge>}
                </Text>
                <Text size={200} className={styles.time}>
                  {AdminUiMessages.uploadedAt(formatDateTime(avatar.uploaded_at))}
                </Text>
              </div>
              <Tooltip content={AdminUiMessages.deleteNamed(label(index))} relationship="label">
                <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => setPendingDelete(avatar)} />
              </Tooltip>
            </div>
          )}
        />
      )}
      <ConfirmDialog
        open={pendingDelete !== null}
        title={UiMessages.deleteAvatarTitle}
        busy={busy}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => void confirmDelete()}
      >
        {UiMessages.deleteAvatarConfirm}
      </ConfirmDialog>
    </section>
  );
}
